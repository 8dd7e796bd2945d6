"""The NCCL environment of cloud fabrics whose network is a plugin, not IB verbs: AWS EFA (aws-ofi-nccl)
and Google GPUDirect-TCPX / -TCPXO. No Qt.

On these platforms NCCL_NET=IB and mlx5 device names do not initialise: the plugin brings its own
transport and the provider publishes the settings it needs.

* EFA: aws/aws-ofi-nccl ``doc/efa-env-var.md`` (the "EFA cheatsheet"): with libfabric >= 1.18 and
  aws-ofi-nccl >= 1.7 nearly everything is left alone (FI_EFA_USE_DEVICE_RDMA, FI_PROVIDER,
  NCCL_PROTO=simple and the fork-safety variables are for older releases); the plugin reports the
  network as "AWS Libfabric" (aws/aws-ofi-nccl issue #24 logs), which NCCL_NET selects by name.
* TCPXO (A3 Mega): GoogleCloudPlatform/container-engine-accelerators ``gpudirect-tcpxo/README.md``
  (release 2025-02-06), its "required NCCL configurations", normally sourced from
  ``/usr/local/nvidia/lib64/nccl-env-profile.sh``; ``NCCL_NVLS_ENABLE=0`` is among them (removing it
  cost ~13 % tokens/s on a3-megagpu-8g, NVIDIA/JAX-Toolbox PR #1708).
* TCPX (A3 High): the same repository's ``gpudirect-tcpx/nccl-config-latest.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable

from planner_gui.engine.collectives import FabricProfile
from planner_gui.engine.deploy.platform import EFA, TCPX, TCPXO, Platform
from planner_gui.engine.deploy.setting import NcclSetting, debug_setting, socket_ifname
from planner_gui.model import Design

AWS_LIBFABRIC = "AWS Libfabric"  # the aws-ofi-nccl network's name, as NCCL_NET selects it
GCP_LIB_DIR = "/usr/local/nvidia/lib64"  # NCCL_LIB_DIR of the TCPX/TCPXO images (gpudirect-tcpxo/README.md)
GCP_CONTROL_NIC = "eth0"  # control and bootstrap NIC of A3 VMs; eth1.. carry GPU traffic
A3_MEGA_DATA_NICS = 8  # a3-megagpu-8g: eth1-eth8
A3_HIGH_DATA_NICS = 4  # a3-highgpu-8g: eth1-eth4
_GCP_WHY = "Required by Google's {plugin} plugin on {vm} (its published NCCL profile, nccl-env-profile.sh)."
_GCP_VERIFY = "NCCL_DEBUG=INFO prints '{name} set by environment to …'."

# GoogleCloudPlatform/container-engine-accelerators gpudirect-tcpxo/README.md, "required NCCL configurations";
# NCCL_SOCKET_IFNAME, NCCL_NVLS_ENABLE and NCCL_DEBUG come with their own reasons below.
TCPXO_PROFILE = (
    ("NCCL_FASTRAK_CTRL_DEV", GCP_CONTROL_NIC),
    ("NCCL_FASTRAK_IFNAME", ",".join(f"eth{i}" for i in range(1, A3_MEGA_DATA_NICS + 1))),
    ("NCCL_CROSS_NIC", "0"), ("NCCL_ALGO", "Ring,Tree"), ("NCCL_PROTO", "Simple"), ("NCCL_MIN_NCHANNELS", "4"),
    ("NCCL_TUNER_PLUGIN", "libnccl-tuner.so"),
    ("NCCL_TUNER_CONFIG_PATH", f"{GCP_LIB_DIR}/a3plus_tuner_config.textproto"),
    ("NCCL_SHIMNET_GUEST_CONFIG_CHECKER_CONFIG_FILE", f"{GCP_LIB_DIR}/a3plus_guest_config.textproto"),
    ("NCCL_DYNAMIC_CHUNK_SIZE", "524288"), ("NCCL_P2P_NET_CHUNKSIZE", "524288"),
    ("NCCL_P2P_PCI_CHUNKSIZE", "524288"), ("NCCL_P2P_NVL_CHUNKSIZE", "1048576"),
    ("NCCL_FASTRAK_NUM_FLOWS", "2"), ("NCCL_FASTRAK_USE_SNAP", "1"),
    ("NCCL_FASTRAK_PLUGIN_ACCEPT_TIMEOUT_MS", "600000"), ("NCCL_FASTRAK_ENABLE_CONTROL_CHANNEL", "0"),
    ("NCCL_BUFFSIZE", "8388608"), ("CUDA_VISIBLE_DEVICES", "0,1,2,3,4,5,6,7"), ("NCCL_NET_GDR_LEVEL", "PIX"),
    ("NCCL_FASTRAK_ENABLE_HOTPATH_LOGGING", "0"), ("NCCL_FASTRAK_USE_LLCM", "1"),
    ("NCCL_FASTRAK_LLCM_DEVICE_DIRECTORY", "/dev/aperture_devices"),
)
# GoogleCloudPlatform/container-engine-accelerators gpudirect-tcpx/nccl-config-latest.yaml.
TCPX_PROFILE = (
    ("NCCL_GPUDIRECTTCPX_SOCKET_IFNAME", ",".join(f"eth{i}" for i in range(1, A3_HIGH_DATA_NICS + 1))),
    ("NCCL_GPUDIRECTTCPX_CTRL_DEV", GCP_CONTROL_NIC),
    ("NCCL_GPUDIRECTTCPX_TX_BINDINGS", "eth1:8-21,112-125;eth2:8-21,112-125;eth3:60-73,164-177;eth4:60-73,164-177"),
    ("NCCL_GPUDIRECTTCPX_RX_BINDINGS", "eth1:22-35,124-139;eth2:22-35,124-139;eth3:74-87,178-191;eth4:74-87,178-191"),
    ("NCCL_GPUDIRECTTCPX_FORCE_ACK", "0"), ("NCCL_GPUDIRECTTCPX_TX_COMPLETION_NANOSLEEP", "1000"),
    ("NCCL_GPUDIRECTTCPX_PROGRAM_FLOW_STEERING_WAIT_MICROS", "1000000"),
    ("NCCL_NSOCKS_PERTHREAD", "4"), ("NCCL_SOCKET_NTHREADS", "1"), ("NCCL_MIN_NCHANNELS", "8"),
    ("NCCL_MAX_NCHANNELS", "8"), ("NCCL_DYNAMIC_CHUNK_SIZE", "524288"), ("NCCL_P2P_NET_CHUNKSIZE", "524288"),
    ("NCCL_P2P_PCI_CHUNKSIZE", "524288"), ("NCCL_P2P_NVL_CHUNKSIZE", "1048576"), ("NCCL_CROSS_NIC", "0"),
    ("NCCL_ALGO", "Ring"), ("NCCL_PROTO", "Simple"), ("NCCL_NET_GDR_LEVEL", "PIX"), ("NCCL_P2P_PXN_LEVEL", "0"),
)


def efa_environment(profile: FabricProfile, platform: Platform, design: Design) -> tuple[NcclSetting, ...]:
    unset = "Leave unset with libfabric >= 1.18 and aws-ofi-nccl >= 1.7 (AWS's EFA cheatsheet): {why}"
    return (
        NcclSetting("NCCL_NET", AWS_LIBFABRIC, "EFA is reached through the aws-ofi-nccl plugin, not NCCL's IB "
                    "transport (NCCL_NET=IB and mlx5 names do not initialise on EFA). Naming the plugin makes a "
                    "missing plugin fail at start instead of falling back to TCP sockets. Put its lib folder "
                    "(/opt/amazon/ofi-nccl/lib or /opt/aws-ofi-nccl/lib) on LD_LIBRARY_PATH.",
                    "NCCL_DEBUG=INFO prints 'Using network AWS Libfabric'; the channel lines read "
                    "'via NET/AWS Libfabric/…/GDRDMA' (GPUDirect RDMA on).", key="net.efa"),
        NcclSetting("NCCL_IB_HCA", "", "Leave unset: EFA devices are not mlx5 HCAs; the plugin uses every EFA "
                    f"device of the instance ({profile.nics_per_node} here).",
                    "The plugin's INFO lines report the EFA provider and the number of devices found.",
                    key="hca.efa", params=(("nics", profile.nics_per_node),)),
        NcclSetting("FI_EFA_USE_DEVICE_RDMA", "", unset.format(why="the plugin turns RDMA on itself on p4 and p5 "
                    "(set it to 1 only with aws-ofi-nccl 1.6.x)."), key="efa.rdma"),
        NcclSetting("FI_PROVIDER", "", unset.format(why="FI_PROVIDER=efa and NCCL_PROTO=simple were for "
                    "aws-ofi-nccl 1.5 and older."), key="efa.provider"),
        NcclSetting("FI_EFA_FORK_SAFE", "", unset.format(why="the plugin sets it; do not use RDMAV_FORK_SAFE or "
                    "other RDMAV_ variables."), key="efa.fork"),
        NcclSetting("FI_EFA_USE_HUGE_PAGE", "", "Leave unset; set 0 only if a data loader's os.fork() fails with "
                    "'Cannot allocate memory'.", key="efa.hugepage"),
        socket_ifname(),
        NcclSetting("NCCL_BUFFSIZE", "", "Leave NCCL_BUFFSIZE and NCCL_MIN_NCHANNELS at their defaults on EFA "
                    "(AWS's EFA cheatsheet); NCCL_SOCKET_NTHREADS and NCCL_NSOCKS_PERTHREAD do not apply.",
                    key="buffsize.efa"),
        debug_setting(platform),
    )


def _gcp_profile(pairs: tuple[tuple[str, str], ...], plugin: str, vm: str) -> list[NcclSetting]:
    why = _GCP_WHY.format(plugin=plugin, vm=vm)
    return [NcclSetting(name, value, why, _GCP_VERIFY.format(name=name), key="gcp.profile",
                        params=(("plugin", plugin), ("vm", vm), ("name", name))) for name, value in pairs]


def tcpxo_environment(profile: FabricProfile, platform: Platform, design: Design) -> tuple[NcclSetting, ...]:
    return (
        socket_ifname(GCP_CONTROL_NIC, "Bootstrap on the control NIC eth0; eth1-eth8 carry GPU traffic "
                      "(Google's A3 Mega profile).", "A3 Mega", "eth1-eth8"),
        *_gcp_profile(TCPXO_PROFILE, "GPUDirect-TCPXO", "A3 Mega"),
        NcclSetting("NCCL_NVLS_ENABLE", "0", "Part of Google's A3 Mega profile: with NVLink SHARP on, a MaxText "
                    "Llama 2 run on a3-megagpu-8g fell from ~210 to ~180 tokens/s (NVIDIA/JAX-Toolbox PR #1708).",
                    _GCP_VERIFY.format(name="NCCL_NVLS_ENABLE"), key="nvls.tcpxo"),
        NcclSetting("NCCL_DEBUG", "INFO", "For the acceptance tests, to see the network NCCL picked; Google "
                    "recommends WARN (with NCCL_DEBUG_SUBSYS=INIT,NET,ENV,COLL,GRAPH) for workloads.",
                    "NCCL_DEBUG=INFO prints 'Using network FasTrak'; the RxDM daemon must run on every VM "
                    "(--num_hops=2 --num_nics=8).", key="debug.tcpxo"),
    )


def tcpx_environment(profile: FabricProfile, platform: Platform, design: Design) -> tuple[NcclSetting, ...]:
    return (
        socket_ifname(GCP_CONTROL_NIC, "Bootstrap on the control NIC eth0; eth1-eth4 carry GPU traffic "
                      "(Google's A3 High profile).", "A3 High", "eth1-eth4"),
        *_gcp_profile(TCPX_PROFILE, "GPUDirect-TCPX", "A3 High"),
        NcclSetting("NCCL_DEBUG", "INFO", "For the acceptance tests, to see the network NCCL picked.",
                    "The 'Using network' line names the GPUDirect-TCPX plugin, not IB or Socket; the tcpgpudmarxd "
                    "daemon must run on every VM.", key="debug.tcpx"),
    )


CLOUD_ENVIRONMENTS: dict[str, Callable[[FabricProfile, Platform, Design], tuple[NcclSetting, ...]]] = {
    EFA: efa_environment, TCPXO: tcpxo_environment, TCPX: tcpx_environment,
}
