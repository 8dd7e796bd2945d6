"""Public sources by name, read out of a catalog entry's source note, for the customer.

A catalog ``source`` is written for the people who maintain the catalog: the public documents behind a
figure as URLs, public repository paths and titles, in one line. The proposal cites them by name
(NVIDIA's product documentation, MLPerf results, a vendor's device library) and never prints a link or
a file name. A figure with no public source is a planning value and says so.
"""

from __future__ import annotations

import re

# (pattern found in the source note, English name, Chinese name); first match of each name wins.
PUBLIC_SOURCES: tuple[tuple[str, str, str], ...] = (
    (r"docs\.nvidia\.com|nvidia\.com|NVIDIA [\w ./-]*(?:User Guide|user guides?|product brief|release notes|FAQ)",
     "NVIDIA product documentation and datasheets", "NVIDIA 产品文档与数据手册"),
    (r"mlcommons/inference_results", "MLCommons MLPerf Inference results (system descriptions)",
     "MLCommons MLPerf 推理测试结果（系统配置说明）"),
    (r"devicetype-library", "NetBox device-type library (vendor dimensions, weight and power)",
     "NetBox 设备型号库（厂商尺寸、重量与功耗）"),
    (r"stas00/ml-engineering", "S. Bekman, Machine Learning Engineering (open book)",
     "S. Bekman《Machine Learning Engineering》（开源书）"),
    (r"RackulaLives/Rackula", "Rackula rack-planner device library", "Rackula 机柜规划设备库"),
    (r"gpu[-_]specs", "public GPU specification tables", "公开的 GPU 规格表"),
    (r"aws\.amazon\.com", "Amazon Web Services instance documentation", "亚马逊云科技实例文档"),
    (r"cloud\.google\.com", "Google Cloud GPU documentation", "谷歌云 GPU 文档"),
    (r"huggingface\.co", "Hugging Face model cards", "Hugging Face 模型卡"),
    (r"storagereview\.com", "StorageReview product reviews", "StorageReview 产品评测"),
    (r"glennklockwood\.com", "G. Lockwood, HPC and AI infrastructure notes", "G. Lockwood 的 HPC 与 AI 基础设施笔记"),
    (r"idc10000\.net", "published Chinese GPU-cluster offers (2026 price lists and configurations)",
     "国内公开的 GPU 集群方案报价与配置（2026 年）"),
    (r"Epoch|SemiAnalysis", "Epoch AI hardware price data (citing SemiAnalysis)",
     "Epoch AI 硬件价格数据（引用 SemiAnalysis）"),
    (r"nextplatform", "The Next Platform, market price reports", "The Next Platform 市场价格报道"),
    (r"nccl[-_]tests|nccl_calibration", "published nccl-tests measurements", "公开的 nccl-tests 实测数据"),
    (r"measured for this project", "a sustained-load power measurement of an H200 GPU",
     "一块 H200 GPU 的持续满载功耗实测"),
    (r"Google Sheet", "a public H100 cluster cost sheet (third party, 2024)",
     "公开的 H100 集群成本表（第三方，2024 年）"),
    (r"NVIDIA/nccl\b", "NVIDIA NCCL source code and issue tracker", "NVIDIA NCCL 源码与问题跟踪"),
    (r"IEEE 802\.3", "IEEE 802.3 Ethernet standard", "IEEE 802.3 以太网标准"),
    (r"EIA-310", "EIA-310 rack standard", "EIA-310 机柜标准"),
    (r"nca-aiio", "NVIDIA NCA-AIIO study guide (third party)", "NVIDIA NCA-AIIO 认证学习指南（第三方）"),
)
# Other web sites are cited by their name (the host without "www."): public, but no better name known. A
# host may be written without its scheme ("flashgenius.net data-centre guide").
_HOST = re.compile(r"https?://(?:www\.)?([\w.-]+)|(?<![\w./:-])((?:[\w-]+\.)+(?:com|net|org|io|ru|es|se|au))\b")
_KNOWN = tuple((re.compile(pattern, re.IGNORECASE), en, zh) for pattern, en, zh in PUBLIC_SOURCES)
PLANNING_VALUE = ("planning value: typical of its class; confirm with the supplier's quotation",
                  "规划值：同类产品的典型值，请以供应商报价为准")


def public_sources(note: str, zh: bool) -> list[str]:
    """The public sources named in a catalog source note, by name, in the order they appear."""
    found: list[tuple[int, str]] = []
    for pattern, en, chinese in _KNOWN:
        match = pattern.search(note)
        if match:
            found.append((match.start(), chinese if zh else en))
    named = {m.start() for p, _, _ in _KNOWN for m in p.finditer(note)}
    for match in _HOST.finditer(note):
        host = (match.group(1) or match.group(2)).rstrip(".")
        link = note[match.start():].split(None, 1)[0]  # the whole URL: a known name may sit in its path
        if match.start() not in named and not any(p.search(link) for p, _, _ in _KNOWN):
            found.append((match.start(), host))
    names: list[str] = []
    for _, name in sorted(found):
        if name not in names:
            names.append(name)
    return names


def cite(note: str, zh: bool) -> str:
    """One customer-facing citation for a catalog entry: its public sources, or that it is a planning value."""
    names = public_sources(note, zh)
    if not names:
        return PLANNING_VALUE[1 if zh else 0]
    return ("；" if zh else "; ").join(names)
