"""The RoCE QoS checklist: what the switches and hosts must agree on before NCCL_IB_TC means anything. No Qt.

RoCE needs one lossless class end to end: the hosts mark NCCL's traffic DSCP 26 (NCCL_IB_TC=106),
trust DSCP, and pause only priority 3; the switches map DSCP 26 to priority 3, run PFC on it, mark
ECN on its queue and send congestion notifications (CNP, priority 6) ahead of everything. Sources:
the switch side is NVIDIA's RoCE lossless default (Cumulus Linux "RDMA over Converged Ethernet -
RoCE", default configuration table: priority 3 -> TC 3 for RoCE, priority 6 -> TC 6 strict for CNP,
PFC on priority 3, ECN on TC 3; NVIDIA Onyx "roce lossless", ECN absolute 150-1500 KB); the host
side is the Mellanox lossless-RoCE configuration in DSCP mode (mlnx_qos --trust dscp, --pfc
0,0,0,1,0,0,0,0, cma_roce_tos -t 106, as in ImperialCollegeLondon/rcs-node-config 05_configure_roce.sh).
"""

from __future__ import annotations

from dataclasses import dataclass

SWITCH, HOST = "switch", "host"


@dataclass(frozen=True, slots=True)
class QosStep:
    key: str  # its translation
    where: str  # SWITCH or HOST
    action: str  # what to configure, with the command
    verify: str  # how to see it is in place


ROCE_QOS_CHECKLIST = (
    QosStep("switch.lossless", SWITCH, "Turn on the RoCE lossless profile on every fabric switch (Cumulus Linux: "
            "'nv set qos roce mode lossless'; Onyx: 'roce lossless'): it trusts DSCP, maps DSCP 26 to priority 3 "
            "and traffic class 3 and enables PFC on priority 3 only.",
            "'nv show qos roce' / 'show roce': mode lossless, PFC enabled on switch-priority 3."),
    QosStep("switch.ecn", SWITCH, "ECN marking on traffic class 3 (the profile's absolute thresholds: 150 KB "
            "minimum, 1,500 KB maximum); leave them unless the switch vendor's RoCE guide for this ASIC says "
            "otherwise.", "'show roce': congestion-control mode ecn, absolute, min 150, max 1500."),
    QosStep("switch.cnp", SWITCH, "Congestion notifications (CNP) on priority 6, traffic class 6, strict "
            "priority, so DCQCN reacts before the buffers fill.",
            "'show roce': RoCE used TCs list 6 CNP strict."),
    QosStep("host.trust", HOST, "On every compute NIC: 'mlnx_qos -i <netdev> --trust dscp' (classify by DSCP, "
            "not VLAN PCP).", "'mlnx_qos -i <netdev>' prints 'Priority trust state: dscp'."),
    QosStep("host.pfc", HOST, "On every compute NIC: 'mlnx_qos -i <netdev> --pfc 0,0,0,1,0,0,0,0' (PFC on "
            "priority 3 only, as the switches).", "'mlnx_qos -i <netdev>' shows PFC enabled on priority 3 only."),
    QosStep("host.tos", HOST, "Traffic class of RDMA-CM and verbs traffic: 'cma_roce_tos -d <mlx5_n> -t 106' "
            "and NCCL_IB_TC=106 (DSCP 26, ECN capable).",
            "During all_reduce_perf, 'ethtool -S <netdev> | grep prio3' counters grow and prio0 stays flat."),
    QosStep("host.ecn", HOST, "ECN reaction and notification on priority 3 "
            "(/sys/class/net/<netdev>/ecn/roce_np/enable/3 and roce_rp/enable/3 set to 1).",
            "Both files read 1; under congestion the NIC's CNP counters ('ethtool -S <netdev> | grep cnp') grow "
            "instead of PFC pauses."),
)
