"""The NCCL environment and acceptance commands per platform, against the sources (issue 16 items 1-2).

Expected values are written out by hand from the sources the catalog cites: the DGX H100 User Guide's
Table 6 (compute HCAs mlx5_0, 3, 4, 5, 6, 9, 10, 11), aws/aws-ofi-nccl doc/efa-env-var.md (EFA),
GoogleCloudPlatform/container-engine-accelerators gpudirect-tcpxo/README.md (A3 Mega), the NVIDIA
GPUDirect RDMA manual (no GeForce) and the lossless RoCE setup (NCCL_IB_TC=106, PFC on priority 3).
"""

from __future__ import annotations

from datetime import date

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.catalog.schema import validate_entry
from planner_gui.engine.acceptance.plan import acceptance_plan
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design
from planner_gui.engine.deploy.nccl_env import recommend_nccl_env, shell_exports
from planner_gui.engine.deploy.roce_qos import ROCE_QOS_CHECKLIST
from planner_gui.report.content.blocks import Bullets, Paragraph, Table
from planner_gui.report.content.context import Ctx
from planner_gui.report.content.deploy import deployment
from planner_gui.report.content.i18n import Tr
from planner_gui.report.content.strings_deploy import NCCL_TEXT_ZH, QOS_ZH
from planner_gui.templates import TemplateSpec, generate_design

CAT = bundled_catalog()
DGX_H100_HCAS = "=mlx5_0,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11"  # DGX H100 User Guide, Table 6
# gpudirect-tcpxo/README.md "required NCCL configurations" (A3 Mega), plus the bootstrap NIC.
A3_MEGA = {
    "NCCL_SOCKET_IFNAME": "eth0", "NCCL_FASTRAK_CTRL_DEV": "eth0",
    "NCCL_FASTRAK_IFNAME": "eth1,eth2,eth3,eth4,eth5,eth6,eth7,eth8", "NCCL_CROSS_NIC": "0",
    "NCCL_ALGO": "Ring,Tree", "NCCL_PROTO": "Simple", "NCCL_MIN_NCHANNELS": "4",
    "NCCL_TUNER_PLUGIN": "libnccl-tuner.so",
    "NCCL_TUNER_CONFIG_PATH": "/usr/local/nvidia/lib64/a3plus_tuner_config.textproto",
    "NCCL_SHIMNET_GUEST_CONFIG_CHECKER_CONFIG_FILE": "/usr/local/nvidia/lib64/a3plus_guest_config.textproto",
    "NCCL_DYNAMIC_CHUNK_SIZE": "524288", "NCCL_P2P_NET_CHUNKSIZE": "524288", "NCCL_P2P_PCI_CHUNKSIZE": "524288",
    "NCCL_P2P_NVL_CHUNKSIZE": "1048576", "NCCL_FASTRAK_NUM_FLOWS": "2", "NCCL_FASTRAK_USE_SNAP": "1",
    "NCCL_FASTRAK_PLUGIN_ACCEPT_TIMEOUT_MS": "600000", "NCCL_FASTRAK_ENABLE_CONTROL_CHANNEL": "0",
    "NCCL_BUFFSIZE": "8388608", "CUDA_VISIBLE_DEVICES": "0,1,2,3,4,5,6,7", "NCCL_NET_GDR_LEVEL": "PIX",
    "NCCL_FASTRAK_ENABLE_HOTPATH_LOGGING": "0", "NCCL_FASTRAK_USE_LLCM": "1",
    "NCCL_FASTRAK_LLCM_DEVICE_DIRECTORY": "/dev/aperture_devices", "NCCL_NVLS_ENABLE": "0", "NCCL_DEBUG": "INFO",
}
_DESIGNS: dict[tuple[str, str | None, int], object] = {}


def design_of(server: str, nic: str | None = None, nodes: int = 4) -> object:
    key = (server, nic, nodes)
    if key not in _DESIGNS:
        spec = TemplateSpec(server, nodes, nic_id=nic, storage=False, management=False)
        _DESIGNS[key] = generate_design(CAT, spec)
    return _DESIGNS[key]


def settings_of(server: str, nic: str | None = None, nodes: int = 4) -> dict[str, object]:
    return {s.name: s for s in recommend_nccl_env(design_of(server, nic, nodes), CAT)}


def test_dgx_h100_compute_hcas_from_the_user_guide() -> None:
    env = settings_of("dgx-h100")
    assert env["NCCL_NET"].value == "IB" and env["NCCL_IB_HCA"].value == DGX_H100_HCAS
    assert "Table 6" in env["NCCL_IB_HCA"].reason and "NET/IB : Using" in env["NCCL_IB_HCA"].verify
    commands = acceptance_plan(design_of("dgx-h100"), CAT).commands
    assert all(f"-x NCCL_IB_HCA={DGX_H100_HCAS} " in c for c in commands)
    for storage in ("mlx5_1,", "mlx5_2,", "mlx5_7,", "mlx5_8,"):  # storage / in-band ports never carry collectives
        assert storage not in DGX_H100_HCAS and all(storage not in c for c in commands)


def test_generic_hgx_prints_the_discovery_step_not_a_guess() -> None:
    env = settings_of("hgx-h100")
    hca = env["NCCL_IB_HCA"]
    assert hca.value == "" and hca.is_site and "ibdev2netdev" in hca.ask
    assert "nvidia-smi topo -m" in hca.reason
    text = shell_exports(tuple(env.values()))
    assert "mlx5_0," not in text and "# export NCCL_IB_HCA==<the 8 compute HCAs, from ibdev2netdev>" in text
    first = acceptance_plan(design_of("hgx-h100"), CAT).commands[0]
    assert " -x NCCL_IB_HCA " in first and "mlx5" not in first  # the value the engineer exported passes through
    assert env["NCCL_SOCKET_IFNAME"].is_site and "Bootstrap : Using" in env["NCCL_SOCKET_IFNAME"].verify


def test_p5_uses_the_efa_plugin_and_no_verbs_settings() -> None:
    env = settings_of("aws-p5-48xlarge")
    assert env["NCCL_NET"].value == "AWS Libfabric" and "Using network AWS Libfabric" in env["NCCL_NET"].verify
    assert env["NCCL_IB_HCA"].value == "" and not env["NCCL_IB_HCA"].is_site  # the plugin takes every EFA device
    for legacy in ("FI_EFA_USE_DEVICE_RDMA", "FI_PROVIDER", "FI_EFA_FORK_SAFE"):  # not with aws-ofi-nccl >= 1.7
        assert env[legacy].value == ""
    assert "NCCL_PROTO" not in env or env["NCCL_PROTO"].value == ""
    first = acceptance_plan(design_of("aws-p5-48xlarge"), CAT).commands[0]
    assert "-x NCCL_NET='AWS Libfabric'" in first and "mlx5" not in first and "NCCL_NET=IB" not in first
    assert "export NCCL_NET='AWS Libfabric'\n" in shell_exports(tuple(env.values()))


def test_a3_mega_gets_googles_tcpxo_profile_exactly() -> None:
    env = settings_of("gcp-a3-megagpu-8g")
    assert {name: s.value for name, s in env.items() if s.is_set} == A3_MEGA
    assert "JAX-Toolbox" in env["NCCL_NVLS_ENABLE"].reason
    command = acceptance_plan(design_of("gcp-a3-megagpu-8g"), CAT).commands[0]
    assert all(f"-x {name}={value} " in command for name, value in A3_MEGA.items() if name != "NCCL_ALGO")
    assert "-x NCCL_ALGO=Ring,Tree " in command and "NCCL_IB_HCA" not in command


def test_geforce_has_no_gpudirect_rdma() -> None:
    design = design_of("pcie-4090-8")
    profile = fabric_profile_from_design(design, CAT)
    assert not profile.gdr  # the catalog's gpudirect_rdma: false, whatever the fabric settings say
    assert design.fabric.gpudirect_rdma
    env = settings_of("pcie-4090-8")
    assert env["NCCL_NET"].value == "IB" and env["NCCL_NET"].key == "net.ib.staged"
    assert "without '/GDRDMA'" in env["NCCL_NET"].verify
    dgx = fabric_profile_from_design(design_of("dgx-h100"), CAT)
    assert dgx.gdr  # the same fabric settings on a data-center GPU keep GPUDirect RDMA


def test_roce_design_traffic_class_and_qos_checklist() -> None:
    env = settings_of("hgx-h100", "roce-400")
    assert env["NCCL_NET"].value == "IB" and env["NCCL_IB_TC"].value == "106"
    assert "NCCL_IB_TC set by environment to 106" in env["NCCL_IB_TC"].verify
    first = acceptance_plan(design_of("hgx-h100", "roce-400"), CAT).commands[0]
    assert "-x NCCL_IB_TC=106 " in first
    design = design_of("hgx-h100", "roce-400")
    ctx = Ctx(design, CAT, analyze_design(design, CAT), Tr("en", "CNY"), date(2026, 1, 15))
    blocks = deployment(ctx)
    bullets = " ".join(" ".join(b.items) for b in blocks if isinstance(b, Bullets))
    assert "--pfc 0,0,0,1,0,0,0,0" in bullets and "--trust dscp" in bullets and "cma_roce_tos" in bullets
    assert "ECN" in bullets and "priority 6" in bullets
    code = "\n".join(b.text for b in blocks if isinstance(b, Paragraph))
    assert "export NCCL_IB_TC=106" in code
    tables = [b for b in blocks if isinstance(b, Table)]
    assert any("NCCL_IB_TC set by environment" in " ".join(map(str, row)) for t in tables for row in t.rows)


def test_single_node_needs_no_network_settings() -> None:
    env = settings_of("aws-p5-48xlarge", nodes=1)
    assert set(env) == {"NCCL_ALGO", "NCCL_PROTO", "NCCL_NVLS_ENABLE", "NCCL_BUFFSIZE"}


def test_every_setting_and_checklist_step_has_chinese() -> None:
    keys = {s.key for server, nic in (("dgx-h100", None), ("hgx-h100", None), ("aws-p5-48xlarge", None),
                                      ("gcp-a3-megagpu-8g", None), ("pcie-4090-8", None), ("hgx-h100", "roce-400"))
            for s in settings_of(server, nic).values()}
    assert keys <= set(NCCL_TEXT_ZH), keys - set(NCCL_TEXT_ZH)
    assert {s.key for s in ROCE_QOS_CHECKLIST} <= set(QOS_ZH)


@pytest.mark.parametrize(("devices", "message"), [
    (["mlx5_0", "\x00\xff" * 5000], "is not an RDMA device name"),
    (["mlx5_0"] * 10**6, "1000000 devices"),
    ([], "0 devices"),
    (["mlx5_0", "mlx5_0"], "listed twice"),
    ([10**400], "is not an RDMA device name"),
])
def test_hostile_platform_facts_are_refused(devices: list[object], message: str) -> None:
    entry = dict(CAT.get("dgx-h100").data, id="x", kind="server", name="x", source="x",
                 compute_rdma_devices=devices)
    problems = [str(p) for p in validate_entry(entry)]
    assert any(message in p for p in problems) and all(len(p) < 300 for p in problems)


def test_platform_facts_need_their_source() -> None:
    entry = dict(CAT.get("dgx-h100").data, id="x", kind="server", name="x", source="x")
    entry.pop("platform_source")
    assert any("platform_source: required" in str(p) for p in validate_entry(entry))
