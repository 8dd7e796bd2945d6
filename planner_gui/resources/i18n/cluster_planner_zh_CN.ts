<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <source>Cluster Planner</source>
        <translation>智算集群规划</translation>
    </message>
    <message>
        <source>Design GPU training clusters: racks, fabric, collectives, power, cost.</source>
        <translation>设计 GPU 训练集群：机柜、组网、集合通信、功耗与成本。</translation>
    </message>
    <message>
        <source>Built with these libraries:</source>
        <translation>本软件使用了以下开源库：</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>库</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>PySide6 (Qt) is used under the LGPLv3; you may replace it with your own build.</source>
        <translation>PySide6（Qt）依 LGPLv3 许可使用，您可以替换为自行编译的版本。</translation>
    </message>
    <message>
        <source>About Cluster Planner</source>
        <translation>关于智算集群规划</translation>
    </message>
</context>
<context>
    <name>AcceptanceDialog</name>
    <message>
        <source>PASS</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>INCOMPLETE</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>MISMATCH</source>
        <translation>不匹配</translation>
    </message>
    <message>
        <source>Acceptance: measured against predicted</source>
        <translation>验收：实测与预测对比</translation>
    </message>
    <message>
        <source>Paste the output of all_reduce_perf, all_gather_perf, ... here, or open the file.</source>
        <translation>在此粘贴 all_reduce_perf、all_gather_perf 等的输出，或打开文件。</translation>
    </message>
    <message>
        <source>test: as the output says</source>
        <translation>测试项：以输出为准</translation>
    </message>
    <message>
        <source>Fit bandwidth and latency and update the training estimate</source>
        <translation>拟合带宽和延迟，并更新训练估算</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Measured busbw</source>
        <translation>实测总线带宽</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>Time, µs</source>
        <translation>时间（µs）</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Open file…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>calibrated (fit)</source>
        <translation>已校准（拟合）</translation>
    </message>
    <message>
        <source>pass threshold</source>
        <translation>通过阈值</translation>
    </message>
    <message>
        <source>measured (green: pass, red: fail)</source>
        <translation>实测（绿色：通过，红色：不通过）</translation>
    </message>
    <message>
        <source>Curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>消息大小</translation>
    </message>
    <message>
        <source>Open nccl-tests output</source>
        <translation>打开 nccl-tests 输出</translation>
    </message>
    <message>
        <source>Text and logs (*.txt *.log *.out);;All files (*)</source>
        <translation>文本与日志 (*.txt *.log *.out);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not open {}: {}</source>
        <translation>无法打开 {}：{}</translation>
    </message>
    <message>
        <source>Cannot check: {}</source>
        <translation>无法检查：{}</translation>
    </message>
    <message>
        <source>{test} (line {line}): {verdict}</source>
        <translation>{test}（第 {line} 行起）：{verdict}</translation>
    </message>
    <message>
        <source>unknown test</source>
        <translation>未知测试</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>wrong data</source>
        <translation>数据有误</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>不通过</translation>
    </message>
    <message>
        <source>Lines skipped or flagged:</source>
        <translation>跳过或有问题的行：</translation>
    </message>
    <message>
        <source>Fit on {}: the {} delivers {} of the modelled bandwidth.</source>
        <translation>按 {} 拟合：{}实际达到模型带宽的 {}。</translation>
    </message>
    <message>
        <source>Per-call latency: {}× the modelled one.</source>
        <translation>单次调用延迟：为模型值的 {}×。</translation>
    </message>
    <message>
        <source>Days to train: {} → {}.</source>
        <translation>训练天数：{} → {}。</translation>
    </message>
</context>
<context>
    <name>AnalysisSection</name>
    <message>
        <source>topology</source>
        <translation>拓扑分析</translation>
    </message>
    <message>
        <source>profile</source>
        <translation>网络画像</translation>
    </message>
    <message>
        <source>collectives</source>
        <translation>集合通信性能</translation>
    </message>
    <message>
        <source>power</source>
        <translation>供电</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散热</translation>
    </message>
    <message>
        <source>facility</source>
        <translation>机房</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>bill of materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练估算</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>The bundled Chinese font in {folder} could not be loaded: Chinese text may show as boxes and Chinese PDFs cannot be written; reinstall Cluster Planner</source>
        <translation>无法加载 {folder} 中随附的中文字体：中文可能显示为方框，也无法导出中文 PDF；请重新安装 Cluster Planner</translation>
    </message>
</context>
<context>
    <name>CLI</name>
    <message>
        <source>{message} (see &apos;{prog} --help&apos;)</source>
        <translation>{message}（参见 &apos;{prog} --help&apos;）</translation>
    </message>
    <message>
        <source>Design GPU training clusters.</source>
        <translation>设计 GPU 训练集群。</translation>
    </message>
    <message>
        <source>show program&apos;s version number and exit</source>
        <translation>显示程序版本号并退出</translation>
    </message>
    <message>
        <source>language of the output: system, en or zh_CN (default: the desktop app&apos;s preference, else the locale: LC_ALL, LC_MESSAGES, LANG); --json is always English</source>
        <translation>输出语言：system、en 或 zh_CN（默认：桌面应用偏好设置中的语言，否则按区域设置 LC_ALL、LC_MESSAGES、LANG）；--json 输出始终为英文</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>internal error: {kind}: {message} (please report this)</source>
        <translation>内部错误：{kind}：{message}（请反馈此问题）</translation>
    </message>
    <message>
        <source>cluster-planner: error: {message}</source>
        <translation>cluster-planner: 错误：{message}</translation>
    </message>
    <message>
        <source>{count} x {gpu}, {height} U, {kw:g} kW max</source>
        <translation>{count} x {gpu}，{height} U，最大 {kw:g} kW</translation>
    </message>
    <message>
        <source>{medium}, {speed:g}G, reach {reach:g} m</source>
        <translation>{medium}，{speed:g}G，传输距离 {reach:g} m</translation>
    </message>
    <message>
        <source>{memory:g} GB, {tdp:g} W, {tflops:g} TFLOPS</source>
        <translation>{memory:g} GB，{tdp:g} W，{tflops:g} TFLOPS</translation>
    </message>
    <message>
        <source>{speed:g} Gb/s {technology}, {latency:g} us</source>
        <translation>{speed:g} Gb/s {technology}，延迟 {latency:g} us</translation>
    </message>
    <message>
        <source>infiniband</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <source>ethernet</source>
        <translation>以太网</translation>
    </message>
    <message>
        <source>list the hardware catalog</source>
        <translation>列出硬件目录</translation>
    </message>
    <message>
        <source>only entries of this kind</source>
        <translation>只列出该类别的条目</translation>
    </message>
    <message>
        <source>print every field as JSON</source>
        <translation>以 JSON 输出全部字段</translation>
    </message>
    <message>
        <source>cluster-planner: warning: catalog: {problem}</source>
        <translation>cluster-planner: 警告：硬件目录：{problem}</translation>
    </message>
    <message>
        <source>{path}: {where}</source>
        <translation>{path}: {where}</translation>
    </message>
    <message>
        <source>cluster-planner: warning: {path}: {warning}</source>
        <translation>cluster-planner: 警告：{path}: {warning}</translation>
    </message>
    <message>
        <source>use this variant of the design (also FILE.cluster@NAME); default: the one open when the file was saved</source>
        <translation>使用方案的该变体（也可写作 FILE.cluster@NAME）；默认：文件保存时打开的变体</translation>
    </message>
    <message>
        <source>{file} already names a variant; give it either as FILE@NAME or with --variant</source>
        <translation>{file} 已指定变体；请只用 FILE@NAME 或 --variant 中的一种方式</translation>
    </message>
    <message>
        <source>open the desktop app (the default command)</source>
        <translation>打开桌面应用（默认命令）</translation>
    </message>
    <message>
        <source>a .cluster file (default: the bundled default design)</source>
        <translation>.cluster 文件（默认：内置的默认方案）</translation>
    </message>
    <message>
        <source>generate a design from a template</source>
        <translation>按模板生成方案</translation>
    </message>
    <message>
        <source>server catalog id, e.g. dgx-h100</source>
        <translation>服务器的目录 id，例如 dgx-h100</translation>
    </message>
    <message>
        <source>number of GPU servers (for a rack-scale system such as gb200-nvl72: compute trays, 18 per rack)</source>
        <translation>GPU 服务器台数（gb200-nvl72 等机柜级系统为计算托盘数，每机柜 18 个）</translation>
    </message>
    <message>
        <source>compute NIC catalog id, e.g. ib-ndr-400 (default: the server&apos;s)</source>
        <translation>计算网卡的目录 id，例如 ib-ndr-400（默认：服务器自带的）</translation>
    </message>
    <message>
        <source>compute NICs per server (default: the server&apos;s)</source>
        <translation>每台服务器的计算网卡数（默认：服务器自带的数量）</translation>
    </message>
    <message>
        <source>leaf down:up ratio (default 1)</source>
        <translation>Leaf 下行:上行比（默认 1）</translation>
    </message>
    <message>
        <source>power budget per rack (default {kw:g}, what air cooling removes)</source>
        <translation>每个机柜的功率预算（默认 {kw:g}，即风冷能带走的热量）</translation>
    </message>
    <message>
        <source>rack height in U (default 42)</source>
        <translation>机柜高度，单位 U（默认 42）</translation>
    </message>
    <message>
        <source>cooling capacity per rack (default: the cooling type&apos;s)</source>
        <translation>每个机柜的制冷能力（默认：按制冷方式）</translation>
    </message>
    <message>
        <source>design name</source>
        <translation>方案名称</translation>
    </message>
    <message>
        <source>the .cluster file to write</source>
        <translation>要写入的 .cluster 文件</translation>
    </message>
    <message>
        <source>{file}: {servers} in {racks}, {devices}, {links}</source>
        <translation>{file}: {servers}，{racks}，{devices}，{links}</translation>
    </message>
    <message>
        <source>check a .cluster file and list its problems</source>
        <translation>检查 .cluster 文件并列出其中的问题</translation>
    </message>
    <message>
        <source>analyse a design: fabric, collectives, power, cost, ...</source>
        <translation>分析方案：组网、集合通信、功耗、成本等</translation>
    </message>
    <message>
        <source>judge nccl-tests results from the built cluster against the design</source>
        <translation>用建成集群的 nccl-tests 实测结果对照方案进行验收</translation>
    </message>
    <message>
        <source>the .cluster file</source>
        <translation>.cluster 方案文件</translation>
    </message>
    <message>
        <source>nccl-tests output (text file, or - for standard input)</source>
        <translation>nccl-tests 输出（文本文件，- 表示标准输入）</translation>
    </message>
    <message>
        <source>the test when the output does not say (e.g. all_gather_perf)</source>
        <translation>输出中未注明测试名时指定测试（例如 all_gather_perf）</translation>
    </message>
    <message>
        <source>fit the achieved bandwidth and show the training change</source>
        <translation>拟合实测带宽，并给出训练估算的变化</translation>
    </message>
    <message>
        <source>print JSON (its shape: Help, page &apos;Compare and acceptance&apos;)</source>
        <translation>输出 JSON（结构见帮助中的“方案对比与验收”页）</translation>
    </message>
    <message>
        <source>Acceptance of {design}: {verdict} — {summary}</source>
        <translation>{design} 验收：{verdict} — {summary}</translation>
    </message>
    <message>
        <source>Lines skipped or flagged ({count}):</source>
        <translation>被跳过或标记的行（{count}）：</translation>
    </message>
    <message>
        <source>{kind}: {problem}</source>
        <translation>{kind}：{problem}</translation>
    </message>
    <message>
        <source>{ranks} on {nodes}</source>
        <translation>{ranks}，{nodes}</translation>
    </message>
    <message>
        <source>shape unknown</source>
        <translation>规模未知</translation>
    </message>
    <message>
        <source>, CUDA graphs</source>
        <translation>，CUDA Graph</translation>
    </message>
    <message>
        <source>{test} (from line {line}, {shape}{graph}): {verdict} — {reason}</source>
        <translation>{test}（第 {line} 行起，{shape}{graph}）：{verdict} — {reason}</translation>
    </message>
    <message>
        <source>unknown test</source>
        <translation>未知测试</translation>
    </message>
    <message>
        <source>busbw</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>threshold</source>
        <translation>门限</translation>
    </message>
    <message>
        <source>WRONG</source>
        <translation>数据错误</translation>
    </message>
    <message>
        <source>Calibration: {note}</source>
        <translation>校准：{note}</translation>
    </message>
    <message>
        <source>Calibration on {test} (line {line}): the {link} delivers {share} of the modelled bandwidth (fit within {fit} over {sizes} sizes)</source>
        <translation>基于 {test}（第 {line} 行）的校准：{link}实际带宽为模型值的 {share}（{sizes} 个消息大小上拟合误差 {fit}）</translation>
    </message>
    <message>
        <source>Calibration on {test} (line {line}): the {link} delivers {share} of the modelled bandwidth (fit within {fit} over {sizes} sizes); the per-call latency is {factor}x the modelled one (both applied)</source>
        <translation>基于 {test}（第 {line} 行）的校准：{link}实际带宽为模型值的 {share}（{sizes} 个消息大小上拟合误差 {fit}）；单次调用延迟为模型值的 {factor} 倍（两个系数均已应用）</translation>
    </message>
    <message>
        <source>training: {note}</source>
        <translation>训练：{note}</translation>
    </message>
    <message>
        <source>training: {days_before} -&gt; {days_after} to train, step {step_before} s -&gt; {step_after} s, MFU {mfu_before} -&gt; {mfu_after}</source>
        <translation>训练：训练时间 {days_before} -&gt; {days_after}，单步 {step_before} s -&gt; {step_after} s，MFU {mfu_before} -&gt; {mfu_after}</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>Design: {name}</source>
        <translation>方案：{name}</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>IT {training} under training load, {peak} peak ({typical} at the typical draw, an alternative); facility {facility} at PUE {pue}</source>
        <translation>训练负载下 IT {training}，峰值 {peak}（按典型功耗为 {typical}，仅供参考）；PUE {pue} 时机房 {facility}</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>buy {upfront} up front + {monthly}/month; rent {rent}/month; cloud {cloud}/month</source>
        <translation>采购前期投入 {upfront} + 每月 {monthly}；租用每月 {rent}；云上每月 {cloud}</translation>
    </message>
    <message>
        <source>{busbw} bus bandwidth at 1 GiB</source>
        <translation>1 GiB 时总线带宽 {busbw}</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>step {step}, {days} to train</source>
        <translation>单步 {step}，训练 {days}</translation>
    </message>
    <message>
        <source>checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>not computed</source>
        <translation>未计算</translation>
    </message>
    <message>
        <source>{section}: {reason}</source>
        <translation>{section}：{reason}</translation>
    </message>
    <message>
        <source>no</source>
        <translation>无</translation>
    </message>
    <message>
        <source>tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>down Gb/s</source>
        <translation>下行 Gb/s</translation>
    </message>
    <message>
        <source>up Gb/s</source>
        <translation>上行 Gb/s</translation>
    </message>
    <message>
        <source>oversubscription worst/typical/total</source>
        <translation>收敛比 最差/典型/总体</translation>
    </message>
    <message>
        <source>bisection {bisection} Gb/s ({fraction} of non-blocking); collective oversubscription {ratio} at {tier}</source>
        <translation>二分带宽 {bisection} Gb/s（无阻塞的 {fraction}）；集合通信实际收敛比 {ratio}（在 {tier}）</translation>
    </message>
    <message>
        <source>bisection {bisection} Gb/s ({fraction} of non-blocking); collective oversubscription {ratio}</source>
        <translation>二分带宽 {bisection} Gb/s（无阻塞的 {fraction}）；集合通信实际收敛比 {ratio}</translation>
    </message>
    <message>
        <source>{n} rack</source>
        <translation>{n} 个机柜</translation>
    </message>
    <message>
        <source>{n} racks</source>
        <translation>{n} 个机柜</translation>
    </message>
    <message>
        <source>{n} server</source>
        <translation>{n} 台服务器</translation>
    </message>
    <message>
        <source>{n} servers</source>
        <translation>{n} 台服务器</translation>
    </message>
    <message>
        <source>{n} device</source>
        <translation>{n} 台设备</translation>
    </message>
    <message>
        <source>{n} devices</source>
        <translation>{n} 台设备</translation>
    </message>
    <message>
        <source>{n} link</source>
        <translation>{n} 条链路</translation>
    </message>
    <message>
        <source>{n} links</source>
        <translation>{n} 条链路</translation>
    </message>
    <message>
        <source>{n} GPU</source>
        <translation>{n} 块 GPU</translation>
    </message>
    <message>
        <source>{n} GPUs</source>
        <translation>{n} 块 GPU</translation>
    </message>
    <message>
        <source>{n} node</source>
        <translation>{n} 个节点</translation>
    </message>
    <message>
        <source>{n} nodes</source>
        <translation>{n} 个节点</translation>
    </message>
    <message>
        <source>{n} cable</source>
        <translation>{n} 条线缆</translation>
    </message>
    <message>
        <source>{n} cables</source>
        <translation>{n} 条线缆</translation>
    </message>
    <message>
        <source>{n} line</source>
        <translation>{n} 行</translation>
    </message>
    <message>
        <source>{n} lines</source>
        <translation>{n} 行</translation>
    </message>
    <message>
        <source>{n} item</source>
        <translation>{n} 项</translation>
    </message>
    <message>
        <source>{n} items</source>
        <translation>{n} 项</translation>
    </message>
    <message>
        <source>{n} switch tier</source>
        <translation>{n} 层交换</translation>
    </message>
    <message>
        <source>{n} switch tiers</source>
        <translation>{n} 层交换</translation>
    </message>
    <message>
        <source>{n} fabric switch</source>
        <translation>{n} 台网络交换机</translation>
    </message>
    <message>
        <source>{n} fabric switches</source>
        <translation>{n} 台网络交换机</translation>
    </message>
    <message>
        <source>{n} fabric link</source>
        <translation>{n} 条网络链路</translation>
    </message>
    <message>
        <source>{n} fabric links</source>
        <translation>{n} 条网络链路</translation>
    </message>
    <message>
        <source>{n} switch hop</source>
        <translation>{n} 跳交换</translation>
    </message>
    <message>
        <source>{n} switch hops</source>
        <translation>{n} 跳交换</translation>
    </message>
    <message>
        <source>{n} single-point switch</source>
        <translation>单点故障交换机 {n} 台</translation>
    </message>
    <message>
        <source>{n} single-point switches</source>
        <translation>单点故障交换机 {n} 台</translation>
    </message>
    <message>
        <source>{n} single-point link</source>
        <translation>单点故障链路 {n} 条</translation>
    </message>
    <message>
        <source>{n} single-point links</source>
        <translation>单点故障链路 {n} 条</translation>
    </message>
    <message>
        <source>{n} size</source>
        <translation>{n} 个消息大小</translation>
    </message>
    <message>
        <source>{n} sizes</source>
        <translation>{n} 个消息大小</translation>
    </message>
    <message>
        <source>{n} value</source>
        <translation>{n} 个取值</translation>
    </message>
    <message>
        <source>{n} values</source>
        <translation>{n} 个取值</translation>
    </message>
    <message>
        <source>{count} x {gbps:g} Gb/s {technology} NIC</source>
        <translation>{count} 块 {gbps:g} Gb/s {technology} 网卡</translation>
    </message>
    <message>
        <source>{count} x {gbps:g} Gb/s {technology} NICs</source>
        <translation>{count} 块 {gbps:g} Gb/s {technology} 网卡</translation>
    </message>
    <message>
        <source>{n} kind differs</source>
        <translation>{n} 种不同</translation>
    </message>
    <message>
        <source>{n} kinds differ</source>
        <translation>{n} 种不同</translation>
    </message>
    <message>
        <source>no NICs</source>
        <translation>无网卡</translation>
    </message>
    <message>
        <source>Collectives (predicted nccl-tests busbw, GB/s): {nodes} x {per_node} {gpu}, {nics}</source>
        <translation>集合通信（预测的 nccl-tests 总线带宽，GB/s）：{nodes} x {per_node} {gpu}，{nics}</translation>
    </message>
    <message>
        <source>size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>AllReduce of 128 MiB: {time}</source>
        <translation>128 MiB AllReduce：{time}</translation>
    </message>
    <message>
        <source>Checks: none</source>
        <translation>检查：无</translation>
    </message>
    <message>
        <source>Checks ({count}):</source>
        <translation>检查（{count}）：</translation>
    </message>
    <message>
        <source>... and {count} more {code} (all are in --json)</source>
        <translation>……另有 {count} 条 {code}（全部见 --json）</translation>
    </message>
    <message>
        <source>fix: {fix}</source>
        <translation>建议：{fix}</translation>
    </message>
    <message>
        <source>NCCL environment:</source>
        <translation>NCCL 环境变量：</translation>
    </message>
    <message>
        <source># {name}: leave unset</source>
        <translation># {name}：不设置</translation>
    </message>
    <message>
        <source>check: {check}</source>
        <translation>确认：{check}</translation>
    </message>
    <message>
        <source>RoCE QoS checklist (switches and hosts must agree on one lossless class):</source>
        <translation>RoCE QoS 检查清单（交换机与主机必须对同一无损类别达成一致）：</translation>
    </message>
    <message>
        <source>switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>typical kW</source>
        <translation>典型 kW</translation>
    </message>
    <message>
        <source>peak kW</source>
        <translation>峰值 kW</translation>
    </message>
    <message>
        <source>budget kW</source>
        <translation>预算 kW</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>over budget</source>
        <translation>超出功率预算</translation>
    </message>
    <message>
        <source>over cooling</source>
        <translation>超出制冷能力</translation>
    </message>
    <message>
        <source>feeds not redundant</source>
        <translation>供电无冗余</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>print JSON (its shape: Help, page &apos;Analyze json&apos;)</source>
        <translation>输出 JSON（结构见帮助中的“analyze JSON 输出”页）</translation>
    </message>
    <message>
        <source>{gpus} in {nodes}, {racks}; largest job {job_gpus} on {job_nodes}</source>
        <translation>{gpus} 块，分布在 {nodes}、{racks}；最大任务 {job_gpus}，{job_nodes}</translation>
    </message>
    <message>
        <source>Topology: {servers}, {gpus}, {technology} compute fabric, {tiers}, {switches}, {links}</source>
        <translation>拓扑：{servers}，{gpus}，{technology} 计算网络，{tiers}，{switches}，{links}</translation>
    </message>
    <message>
        <source>cabling {style}; up to {hops} between servers; {switches}, {links}</source>
        <translation>接线方式 {style}；服务器之间最多 {hops}；{switches}，{links}</translation>
    </message>
    <message>
        <source>Power: {typical} kW typical, {peak} kW peak over {racks}</source>
        <translation>功耗：典型 {typical} kW，峰值 {peak} kW，共 {racks}</translation>
    </message>
    <message>
        <source>... and {count} more racks (all are in --json)</source>
        <translation>……另有 {count} 个机柜（全部见 --json）</translation>
    </message>
    <message>
        <source>buy</source>
        <translation>采购</translation>
    </message>
    <message>
        <source>rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>cloud</source>
        <translation>云上</translation>
    </message>
    <message>
        <source>Cost over {months} months ({currency}):</source>
        <translation>{months} 个月成本（{currency}）：</translation>
    </message>
    <message>
        <source>option</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>up front</source>
        <translation>前期投入</translation>
    </message>
    <message>
        <source>monthly</source>
        <translation>每月</translation>
    </message>
    <message>
        <source>total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>per GPU-hour</source>
        <translation>每 GPU 小时</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络占比</translation>
    </message>
    <message>
        <source>electricity (in buy&apos;s monthly): {training}/month at the draw under training load ({training_kw} IT); at the typical draw ({typical_kw} IT), an alternative: {typical}/month</source>
        <translation>电费（计入购买方案月成本）：按训练负载（IT {training_kw}）每月 {training}；按典型功耗（IT {typical_kw}，仅供参考）每月 {typical}</translation>
    </message>
    <message>
        <source>buying costs no more than rent from month {month}</source>
        <translation>从第 {month} 个月起采购不比租用贵</translation>
    </message>
    <message>
        <source>buying costs no more than cloud from month {month}</source>
        <translation>从第 {month} 个月起采购不比上云贵</translation>
    </message>
    <message>
        <source>Training: {model} on {gpus} GPUs ({gpu}, {per_node} per node)</source>
        <translation>训练：{model}，{gpus} 块 GPU（{gpu}，每节点 {per_node} 块）</translation>
    </message>
    <message>
        <source>step {step} s, {tokens} tokens/s, {tflops} TFLOP/s per GPU (model), MFU {mfu}, HFU {hfu}</source>
        <translation>单步 {step} s，{tokens} token/s，每卡 {tflops} TFLOP/s（模型口径），MFU {mfu}，HFU {hfu}</translation>
    </message>
    <message>
        <source>memory {used} of {capacity} GB per GPU: {fits}; dominant part {dominant}; {days} days to train</source>
        <translation>单卡显存 {used} / {capacity} GB：{fits}；主要耗时 {dominant}；训练 {days} 天</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>可容纳</translation>
    </message>
    <message>
        <source>does NOT fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>scaling efficiency (GPUs: efficiency) {points}</source>
        <translation>扩展效率（GPU 数：效率）{points}</translation>
    </message>
    <message>
        <source>storage ({source}): data {needed} of {available} GB/s; checkpoint {size} GB written in {seconds} s</source>
        <translation>存储（{source}）：数据读取需要 {needed} GB/s，可用 {available} GB/s；检查点 {size} GB，写入 {seconds} s</translation>
    </message>
    <message>
        <source>{file}: error: {problem}</source>
        <translation>{file}: 错误：{problem}</translation>
    </message>
    <message>
        <source>cluster-planner: error: {file}: {count} problems; the file is invalid</source>
        <translation>cluster-planner: 错误：{file}: 共 {count} 个问题，文件无效</translation>
    </message>
    <message>
        <source>{file}: warning: {warning}</source>
        <translation>{file}: 警告：{warning}</translation>
    </message>
    <message>
        <source>{file}: note: {note}</source>
        <translation>{file}: 提示：{note}</translation>
    </message>
    <message>
        <source>{file}: valid ({racks}, {devices}, {links})</source>
        <translation>{file}: 有效（{racks}，{devices}，{links}）</translation>
    </message>
    <message>
        <source>GPU servers</source>
        <translation>GPU 服务器数</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>机柜数</translation>
    </message>
    <message>
        <source>IT power under training load</source>
        <translation>训练负载下的 IT 功耗</translation>
    </message>
    <message>
        <source>IT power, peak</source>
        <translation>IT 功耗（峰值）</translation>
    </message>
    <message>
        <source>Facility power (IT x PUE)</source>
        <translation>机房总功耗（IT x PUE）</translation>
    </message>
    <message>
        <source>Buy: hardware and installation</source>
        <translation>采购：硬件及安装</translation>
    </message>
    <message>
        <source>Buy: cost per month</source>
        <translation>采购：每月成本</translation>
    </message>
    <message>
        <source>Buy: total over the project</source>
        <translation>采购：项目周期总成本</translation>
    </message>
    <message>
        <source>Buy: cost per GPU-hour</source>
        <translation>采购：每 GPU 小时成本</translation>
    </message>
    <message>
        <source>Rent: cost per month</source>
        <translation>租用：每月成本</translation>
    </message>
    <message>
        <source>Rent: total over the project</source>
        <translation>租用：项目周期总成本</translation>
    </message>
    <message>
        <source>Rent: cost per GPU-hour</source>
        <translation>租用：每 GPU 小时成本</translation>
    </message>
    <message>
        <source>Cloud: cost per month</source>
        <translation>云上：每月成本</translation>
    </message>
    <message>
        <source>Cloud: total over the project</source>
        <translation>云上：项目周期总成本</translation>
    </message>
    <message>
        <source>Cloud: cost per GPU-hour</source>
        <translation>云上：每 GPU 小时成本</translation>
    </message>
    <message>
        <source>AllReduce busbw at 1 GiB</source>
        <translation>1 GiB AllReduce 总线带宽</translation>
    </message>
    <message>
        <source>AllReduce time at 128 MiB</source>
        <translation>128 MiB AllReduce 时间</translation>
    </message>
    <message>
        <source>AllToAll busbw at 1 GiB</source>
        <translation>1 GiB AllToAll 总线带宽</translation>
    </message>
    <message>
        <source>Training step time</source>
        <translation>训练单步时间</translation>
    </message>
    <message>
        <source>Training tokens per second</source>
        <translation>训练每秒 token 数</translation>
    </message>
    <message>
        <source>Training MFU</source>
        <translation>训练 MFU</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Training run at the buy GPU-hour price</source>
        <translation>按采购 GPU 小时价格计的训练费用</translation>
    </message>
    <message>
        <source>Checks: errors</source>
        <translation>检查：错误</translation>
    </message>
    <message>
        <source>Checks: warnings</source>
        <translation>检查：警告</translation>
    </message>
    <message>
        <source>Checks: notes</source>
        <translation>检查：提示</translation>
    </message>
    <message>
        <source>inter-node NIC ({detail})</source>
        <translation>节点间网卡（{detail}）</translation>
    </message>
    <message>
        <source>PCIe Gen{detail} between GPUs</source>
        <translation>GPU 之间 PCIe Gen{detail}</translation>
    </message>
    <message>
        <source>PCIe Gen{detail} x16 to each NIC ({detail2})</source>
        <translation>到每块网卡的 PCIe Gen{detail} x16 链路（{detail2}）</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>single rank (local copy)</source>
        <translation>单 rank（本地拷贝）</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>malformed</source>
        <translation>格式错误</translation>
    </message>
    <message>
        <source>ignored</source>
        <translation>已忽略</translation>
    </message>
    <message>
        <source>failure</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>输出不完整</translation>
    </message>
    <message>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>MISMATCH</source>
        <translation>不匹配</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>INCOMPLETE</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>compare two designs: figures, curves and bill of materials</source>
        <translation>对比两个方案：指标、曲线和物料清单</translation>
    </message>
    <message>
        <source>design A (.cluster, or FILE.cluster@VARIANT)</source>
        <translation>方案 A（.cluster 文件，或 FILE.cluster@VARIANT）</translation>
    </message>
    <message>
        <source>design B (.cluster, or FILE.cluster@VARIANT); leave out with --variants</source>
        <translation>方案 B（.cluster 文件，或 FILE.cluster@VARIANT）；使用 --variants 时省略</translation>
    </message>
    <message>
        <source>compare two variants of design A&apos;s file</source>
        <translation>对比方案 A 文件中的两个变体</translation>
    </message>
    <message>
        <source>Bill of materials: {changed} of {items} differ (hardware {a} vs {b})</source>
        <translation>物料清单：{items}中有 {changed} 项不同（硬件 {a} 对 {b}）</translation>
    </message>
    <message>
        <source>Cables: {a} in A, {b} in B; {changed}</source>
        <translation>线缆：A 有 {a}，B 有 {b} 条；{changed}</translation>
    </message>
    <message>
        <source>compare needs two designs: A.cluster B.cluster, A.cluster@IB B.cluster@RoCE, or FILE.cluster --variants IB,RoCE</source>
        <translation>compare 需要两个方案：A.cluster B.cluster、A.cluster@IB B.cluster@RoCE，或 FILE.cluster --variants IB,RoCE</translation>
    </message>
    <message>
        <source>--variants {variants!r}: give one file and two variant names, e.g. compare FILE.cluster --variants IB,RoCE</source>
        <translation>--variants {variants!r}：请给出一个文件和两个变体名称，例如 compare FILE.cluster --variants IB,RoCE</translation>
    </message>
    <message>
        <source>figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>说明：</translation>
    </message>
    <message>
        <source>... and {count} more (see --json)</source>
        <translation>……另有 {count} 项（见 --json）</translation>
    </message>
    <message>
        <source>invalid whole number: {text!r}</source>
        <translation>不是有效的整数：{text!r}</translation>
    </message>
    <message>
        <source>{value} must be at least 1</source>
        <translation>{value} 不能小于 1</translation>
    </message>
    <message>
        <source>{part!r} is not a size; use a whole number of bytes with an optional K, M or G (powers of two), e.g. 8,1K,64M,1G</source>
        <translation>{part!r} 不是有效的大小；请用整数字节数，可带 K、M 或 G（2 的幂），例如 8,1K,64M,1G</translation>
    </message>
    <message>
        <source>{part!r}: give 1 byte to 1024G</source>
        <translation>{part!r}：请给出 1 字节到 1024G 之间的大小</translation>
    </message>
    <message>
        <source>predict NCCL collective time and bus bandwidth</source>
        <translation>预测 NCCL 集合通信的时间和总线带宽</translation>
    </message>
    <message>
        <source>GPU catalog id, e.g. h100-sxm5-80gb</source>
        <translation>GPU 的目录 id，例如 h100-sxm5-80gb</translation>
    </message>
    <message>
        <source>GPUs per server</source>
        <translation>每台服务器的 GPU 数</translation>
    </message>
    <message>
        <source>compute NIC catalog id (default: a catalog server&apos;s with this GPU)</source>
        <translation>计算网卡的目录 id（默认：目录中配这款 GPU 的服务器所带的网卡）</translation>
    </message>
    <message>
        <source>compute NICs per server (default: one per GPU with --nic, else the server&apos;s)</source>
        <translation>每台服务器的计算网卡数（默认：指定 --nic 时每块 GPU 一块，否则按服务器配置）</translation>
    </message>
    <message>
        <source>allreduce (default), allgather, reducescatter, broadcast, reduce, alltoall or sendrecv</source>
        <translation>allreduce（默认）、allgather、reducescatter、broadcast、reduce、alltoall 或 sendrecv</translation>
    </message>
    <message>
        <source>sizes, e.g. 8,1K,64M,1G (default: 8 to 16G)</source>
        <translation>消息大小，例如 8,1K,64M,1G（默认：8 到 16G）</translation>
    </message>
    <message>
        <source>auto (default: NCCL&apos;s choice), ring, tree, nvls, nvlstree, collnet or pat</source>
        <translation>auto（默认：由 NCCL 选择）、ring、tree、nvls、nvlstree、collnet 或 pat</translation>
    </message>
    <message>
        <source>GPUDirect RDMA (default: on when the NIC has RDMA)</source>
        <translation>GPUDirect RDMA（默认：网卡支持 RDMA 时开启）</translation>
    </message>
    <message>
        <source>InfiniBand SHARP in-network reduction (default off)</source>
        <translation>InfiniBand SHARP 网内归约（默认关闭）</translation>
    </message>
    <message>
        <source>print the results as JSON</source>
        <translation>以 JSON 输出结果</translation>
    </message>
    <message>
        <source>{description} (NIC from catalog server {server})</source>
        <translation>{description}（网卡取自目录服务器 {server}）</translation>
    </message>
    <message>
        <source>--gdr on: {gpu} GPUs have no GPUDirect RDMA (catalog server {server}); NCCL stages their network traffic through host memory</source>
        <translation>--gdr on：{gpu} 不支持 GPUDirect RDMA（目录服务器 {server}）；NCCL 会经主机内存中转其网络流量</translation>
    </message>
    <message>
        <source>--sharp needs a network: give --nodes above 1 or --nic</source>
        <translation>--sharp 需要网络：请给出大于 1 的 --nodes 或 --nic</translation>
    </message>
    <message>
        <source>note: --gdr on is ignored on one node without --nic: GPUDirect RDMA only matters between nodes</source>
        <translation>注意：单节点且未给 --nic 时忽略 --gdr on：GPUDirect RDMA 只影响节点之间的通信</translation>
    </message>
    <message>
        <source>{nics} per node</source>
        <translation>每节点 {nics}</translation>
    </message>
    <message>
        <source>{nics} per NVLink domain</source>
        <translation>每个 NVLink 域 {nics}</translation>
    </message>
    <message>
        <source>time us</source>
        <translation>时间 us</translation>
    </message>
    <message>
        <source>servers (for a rack-scale system, its compute trays: 18 per NVL72 rack)</source>
        <translation>服务器台数（机柜级系统为计算托盘数：每个 NVL72 机柜 18 个）</translation>
    </message>
    <message>
        <source>GPUs sharing one NVLink domain across servers (default: the GPUs per server; 72 for an NVL72 rack)</source>
        <translation>跨服务器共享一个 NVLink 域的 GPU 数（默认：每台服务器的 GPU 数；NVL72 机柜为 72）</translation>
    </message>
    <message>
        <source>algbw GB/s</source>
        <translation>算法带宽 GB/s</translation>
    </message>
    <message>
        <source>busbw GB/s</source>
        <translation>总线带宽 GB/s</translation>
    </message>
    <message>
        <source>algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <source>bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>argument {option}: invalid choice: {value!r} (choose from {choices})</source>
        <translation>参数 {option}：无效的选项 {value!r}（可选：{choices}）</translation>
    </message>
    <message>
        <source>--nic: no catalog server carries {gpu}, so there is no default NIC; give --nic (e.g. ib-ndr-400)</source>
        <translation>--nic：目录中没有配 {gpu} 的服务器，因此没有默认网卡；请指定 --nic（例如 ib-ndr-400）</translation>
    </message>
    <message>
        <source>--gpus-per-node {count}: no catalog server carries more than {most} x {gpu} (e.g. {server}); use at most {most}</source>
        <translation>--gpus-per-node {count}：目录中的服务器最多配 {most} 块 {gpu}（例如 {server}）；请不要超过 {most}</translation>
    </message>
    <message>
        <source>--gdr on: NIC {nic} has no RDMA, so GPUDirect RDMA is impossible</source>
        <translation>--gdr on：网卡 {nic} 不支持 RDMA，无法使用 GPUDirect RDMA</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>--sharp on: the NIC&apos;s switch ({switch}) has no SHARP; pick an InfiniBand NIC whose default switch supports it (e.g. ib-ndr-400)</source>
        <translation>--sharp on：该网卡对应的交换机（{switch}）不支持 SHARP；请选择默认交换机支持 SHARP 的 InfiniBand 网卡（例如 ib-ndr-400）</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>{intra}; each node an NVLink domain of {gpus} GPUs on {hosts} servers</source>
        <translation>{intra}；每个节点是 {hosts} 台服务器上 {gpus} 个 GPU 组成的 NVLink 域</translation>
    </message>
    <message>
        <source>{op} on {nodes} x {per_node} {gpu} ({intra}), {nics}, GDR {gdr}, SHARP {sharp}, algorithm {algo}</source>
        <translation>{op}：{nodes} x {per_node} {gpu}（{intra}），{nics}，GDR {gdr}，SHARP {sharp}，算法 {algo}</translation>
    </message>
    <message>
        <source>NIC speed, Gb/s</source>
        <translation>网卡速率 Gb/s</translation>
    </message>
    <message>
        <source>leaf oversubscription (down:up)</source>
        <translation>Leaf 收敛比（下行:上行）</translation>
    </message>
    <message>
        <source>rack power budget, kW</source>
        <translation>机柜功率预算 kW</translation>
    </message>
    <message>
        <source>compute NIC (catalog id)</source>
        <translation>计算网卡（目录 id）</translation>
    </message>
    <message>
        <source>GPU server (catalog id)</source>
        <translation>GPU 服务器（目录 id）</translation>
    </message>
    <message>
        <source>vary one parameter and tabulate the headline figures</source>
        <translation>改变一个参数，列出主要指标</translation>
    </message>
    <message>
        <source>NAME=RANGE, e.g. nodes=8..256 (doubling), rack_kw=20..60:10, nodes=8,16,32, nic=ib-ndr-400,roce-400; NAME: nodes, nic_gbps, oversubscription, rack_kw, nic, server</source>
        <translation>NAME=RANGE，例如 nodes=8..256（逐次翻倍）、rack_kw=20..60:10、nodes=8,16,32、nic=ib-ndr-400,roce-400；NAME 可为 nodes、nic_gbps、oversubscription、rack_kw、nic、server</translation>
    </message>
    <message>
        <source>a figure to tabulate (repeatable; default: a headline set; keys in the docs)</source>
        <translation>要列出的指标（可重复；默认：一组主要指标；键名见文档）</translation>
    </message>
    <message>
        <source>--figure {key!r} is not a figure; use one of {keys}</source>
        <translation>--figure {key!r} 不是指标；请使用以下之一：{keys}</translation>
    </message>
    <message>
        <source>Sweep of {label} ({param}) over {count} values, regenerated from: {nodes} x {server}, {nic}, {topology}, {oversubscription:g}:1, {rack_kw:g} kW racks, {cooling}</source>
        <translation>参数扫描：{label}（{param}），共 {count} 个取值，基于以下配置重新生成：{nodes} x {server}，{nic}，{topology}，{oversubscription:g}:1，机柜 {rack_kw:g} kW，{cooling}</translation>
    </message>
    <message>
        <source>default NIC</source>
        <translation>默认网卡</translation>
    </message>
    <message>
        <source>cannot be built: {error}</source>
        <translation>无法生成：{error}</translation>
    </message>
    <message>
        <source>note: {note}</source>
        <translation>注意：{note}</translation>
    </message>
    <message>
        <source>(cancelled before the last value)</source>
        <translation>（在最后一个取值之前已取消）</translation>
    </message>
    <message>
        <source>estimate step time, tokens/s, MFU and memory of a job</source>
        <translation>估算训练任务的单步时间、token/s、MFU 和显存</translation>
    </message>
    <message>
        <source>GPU or server catalog id, e.g. h100-sxm5-80gb or dgx-h100</source>
        <translation>GPU 或服务器的目录 id，例如 h100-sxm5-80gb 或 dgx-h100</translation>
    </message>
    <message>
        <source>GPUs in the job</source>
        <translation>任务使用的 GPU 数</translation>
    </message>
    <message>
        <source>GPUs per server (default: the server&apos;s)</source>
        <translation>每台服务器的 GPU 数（默认：按服务器配置）</translation>
    </message>
    <message>
        <source>compute NIC catalog id (default: the catalog server&apos;s)</source>
        <translation>计算网卡的目录 id（默认：目录服务器自带的）</translation>
    </message>
    <message>
        <source>compute NICs per server (default: server&apos;s)</source>
        <translation>每台服务器的计算网卡数（默认：按服务器配置）</translation>
    </message>
    <message>
        <source>search parallel layouts of a training job and rank those that fit by step time</source>
        <translation>搜索训练任务的并行布局，并按步时间对能放下的布局排序</translation>
    </message>
    <message>
        <source>rank candidate clusters for a training goal by cost and time to train</source>
        <translation>按训练成本和时间为训练目标排列候选集群</translation>
    </message>
    <message>
        <source>published model preset, e.g. Llama-3-70B (or give the shape)</source>
        <translation>已发布模型的预设，例如 Llama-3-70B（或给出模型结构）</translation>
    </message>
    <message>
        <source>transformer layers</source>
        <translation>Transformer 层数</translation>
    </message>
    <message>
        <source>hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <source>attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>sequence length in tokens</source>
        <translation>序列长度（token 数）</translation>
    </message>
    <message>
        <source>vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>sequences per step</source>
        <translation>每步序列数</translation>
    </message>
    <message>
        <source>tokens to train on, e.g. 2e12</source>
        <translation>训练的 token 数，例如 2e12</translation>
    </message>
    <message>
        <source>train within this many days</source>
        <translation>在这么多天内完成训练</translation>
    </message>
    <message>
        <source>spend at most this much (in --currency) on the --pay option</source>
        <translation>在 --pay 方式上最多花费这么多（以 --currency 计）</translation>
    </message>
    <message>
        <source>how the cluster is paid for (default buy: hardware plus running costs)</source>
        <translation>集群的付费方式（默认 buy：硬件加运行成本）</translation>
    </message>
    <message>
        <source>rent price per GPU-month</source>
        <translation>每 GPU 每月租金</translation>
    </message>
    <message>
        <source>cloud price per GPU-hour</source>
        <translation>每 GPU 小时云上价格</translation>
    </message>
    <message>
        <source>catalog server ids to consider, comma-separated (default all)</source>
        <translation>要考虑的目录服务器 ID，逗号分隔（默认全部）</translation>
    </message>
    <message>
        <source>compute NIC ids to build each server with, comma-separated (default each server&apos;s own)</source>
        <translation>为每台服务器配置的计算网卡 ID，逗号分隔（默认各服务器自带）</translation>
    </message>
    <message>
        <source>fabric topology of the built designs (default rail-optimized)</source>
        <translation>所生成设计的网络拓扑（默认 rail-optimized）</translation>
    </message>
    <message>
        <source>largest cluster to build, in servers (default 2048)</source>
        <translation>生成的最大集群规模，以服务器计（默认 2048）</translation>
    </message>
    <message>
        <source>the framework can overlap tensor-parallel communication with GEMMs</source>
        <translation>框架可将张量并行通信与 GEMM 重叠</translation>
    </message>
    <message>
        <source>how many designs to list (default 10)</source>
        <translation>列出多少个设计（默认 10）</translation>
    </message>
    <message>
        <source>print the ranked designs as JSON</source>
        <translation>以 JSON 输出排好序的设计</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>工期</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>size limit</source>
        <translation>规模上限</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>{built} designs built and searched ({s} s CPU); {kept} meet the goal</source>
        <translation>已生成并搜索 {built} 个设计（CPU {s} 秒）；{kept} 个满足目标</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>binds</source>
        <translation>约束</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>left out: {note}</source>
        <translation>未纳入：{note}</translation>
    </message>
    <message>
        <source>how many layouts to list (default 10)</source>
        <translation>列出多少个布局（默认 10）</translation>
    </message>
    <message>
        <source>the framework does not overlap data-parallel traffic with compute</source>
        <translation>训练框架不将数据并行通信与计算重叠</translation>
    </message>
    <message>
        <source>print the ranked layouts as JSON</source>
        <translation>以 JSON 输出排好序的布局</translation>
    </message>
    <message>
        <source>--gpu: no catalog server carries {gpu}; name a server</source>
        <translation>--gpu：目录中没有搭载 {gpu} 的服务器；请指定一种服务器</translation>
    </message>
    <message>
        <source>{searched} consistent layouts, {fits} within memory by their model states, {timed} timed in full ({ms} ms)</source>
        <translation>{searched} 个自洽布局，按模型状态估算 {fits} 个在显存内，{timed} 个经完整计时（{ms} 毫秒）</translation>
    </message>
    <message>
        <source>plan on this design&apos;s GPUs and fabric (FILE.cluster, or FILE@VARIANT)</source>
        <translation>在此设计的 GPU 与网络上规划（FILE.cluster 或 FILE@VARIANT）</translation>
    </message>
    <message>
        <source>GPUs in the job (with --design: default all its connected GPUs)</source>
        <translation>作业使用的 GPU 数（配合 --design：默认使用其全部互连 GPU）</translation>
    </message>
    <message>
        <source>sequences per step (with --design: default the design&apos;s workload)</source>
        <translation>每步序列数（配合 --design：默认取设计的工作负载）</translation>
    </message>
    <message>
        <source>the framework can overlap tensor-parallel communication with GEMMs (Megatron-Core --tp-comm-overlap): search layouts with and without it</source>
        <translation>框架可将张量并行通信与 GEMM 重叠（Megatron-Core --tp-comm-overlap）：搜索开启与不开启两种布局</translation>
    </message>
    <message>
        <source>no layout fits in GPU memory; add GPUs or choose a GPU with more memory</source>
        <translation>没有布局能放进 GPU 显存；请增加 GPU 或选择显存更大的 GPU</translation>
    </message>
    <message>
        <source>sharding</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>step (s)</source>
        <translation>步时间 (s)</translation>
    </message>
    <message>
        <source>GB/GPU</source>
        <translation>GB/GPU</translation>
    </message>
    <message>
        <source>invalid number: {text!r}</source>
        <translation>无效数字：{text!r}</translation>
    </message>
    <message>
        <source>{value} must be a number above 0</source>
        <translation>{value} 必须是大于 0 的数</translation>
    </message>
    <message>
        <source>give --design FILE, or --gpu, --gpus and --global-batch</source>
        <translation>请给出 --design FILE，或 --gpu、--gpus 和 --global-batch</translation>
    </message>
    <message>
        <source>--design takes its GPUs from the design; leave out --gpu and --gpus-per-node</source>
        <translation>--design 从设计中获取 GPU；请去掉 --gpu 和 --gpus-per-node</translation>
    </message>
    <message>
        <source>the design has no training workload; give --model or the shape</source>
        <translation>设计没有训练工作负载；请给出 --model 或模型结构</translation>
    </message>
    <message>
        <source>give --global-batch (the design has no training workload)</source>
        <translation>请给出 --global-batch（设计没有训练工作负载）</translation>
    </message>
    <message>
        <source>--model {name!r} is not a known preset; give the shape with --layers, --hidden, --heads, --seq and --vocab</source>
        <translation>--model {name!r} 不是已知的预设；请用 --layers、--hidden、--heads、--seq 和 --vocab 给出模型结构</translation>
    </message>
    <message>
        <source>give --model or the shape: {missing} missing</source>
        <translation>请给出 --model 或模型结构：缺少 {missing}</translation>
    </message>
    <message>
        <source>key/value heads (default: --heads)</source>
        <translation>KV 头数（默认：同 --heads）</translation>
    </message>
    <message>
        <source>MLP hidden size (default: 4 x hidden)</source>
        <translation>MLP 隐藏层维度（默认：4 x hidden）</translation>
    </message>
    <message>
        <source>SwiGLU-style MLP, as in LLaMA</source>
        <translation>SwiGLU 式 MLP（同 LLaMA）</translation>
    </message>
    <message>
        <source>sequences per micro-batch</source>
        <translation>每个微批的序列数</translation>
    </message>
    <message>
        <source>parallel degree (default 1)</source>
        <translation>并行度（默认 1）</translation>
    </message>
    <message>
        <source>data-parallel degree (default: gpus / (tp x pp))</source>
        <translation>数据并行度（默认：gpus / (tp x pp)）</translation>
    </message>
    <message>
        <source>ZeRO stage (default 1)</source>
        <translation>ZeRO 阶段（默认 1）</translation>
    </message>
    <message>
        <source>experts per MoE layer (default 0: dense)</source>
        <translation>每个 MoE 层的专家数（默认 0：稠密模型）</translation>
    </message>
    <message>
        <source>experts each token uses</source>
        <translation>每个 token 激活的专家数</translation>
    </message>
    <message>
        <source>tokens to train on, for the days to train (default 1e12)</source>
        <translation>训练 token 总数，用于估算训练天数（默认 1e12）</translation>
    </message>
    <message>
        <source>print TrainingEstimate.to_json()</source>
        <translation>输出 TrainingEstimate.to_json()</translation>
    </message>
    <message>
        <source>--nic: no catalog server carries {gpu}, so there is no default NIC; give --nic</source>
        <translation>--nic：目录中没有配 {gpu} 的服务器，因此没有默认网卡；请指定 --nic</translation>
    </message>
    <message>
        <source>--gpus-per-node {per_node}: server {server} carries {count} GPUs</source>
        <translation>--gpus-per-node {per_node}：服务器 {server} 只配 {count} 块 GPU</translation>
    </message>
    <message>
        <source>--gpu: {id!r} is a {kind}, not a GPU or a server; pick a GPU model</source>
        <translation>--gpu：{id!r} 是 {kind}，不是 GPU 或服务器；请选择 GPU 型号</translation>
    </message>
    <message>
        <source>MoE experts padded to C x their balanced share of tokens, e.g. 1.25 (Megatron --moe-expert-capacity-factor; default: dropless routing)</source>
        <translation>MoE 专家按均衡份额的 C 倍 token 填充容量，例如 1.25（对应 Megatron --moe-expert-capacity-factor；默认：无丢弃路由）</translation>
    </message>
    <message>
        <source>dropless MoE routing: the busiest expert rank&apos;s tokens over the mean (default 1: balanced)</source>
        <translation>无丢弃 MoE 路由：负载最重的专家并行 rank 的 token 数与平均值之比（默认 1：均衡）</translation>
    </message>
    <message>
        <source>--moe-capacity-factor and --moe-imbalance apply to MoE models only; give --moe-experts and --moe-topk, or leave them out</source>
        <translation>--moe-capacity-factor 和 --moe-imbalance 仅适用于 MoE 模型；请给出 --moe-experts 和 --moe-topk，或去掉这两个选项</translation>
    </message>
    <message>
        <source>--gpus {gpus} is not a multiple of tp x pp = {product}; change --gpus, --tp or --pp</source>
        <translation>--gpus {gpus} 不是 tp x pp = {product} 的整数倍；请调整 --gpus、--tp 或 --pp</translation>
    </message>
    <message>
        <source>tp x pp x dp = {tp} x {pp} x {dp} = {product}, not --gpus {gpus}; make them equal (or leave out --dp)</source>
        <translation>tp x pp x dp = {tp} x {pp} x {dp} = {product}，不等于 --gpus {gpus}；请使两者相等（或省略 --dp）</translation>
    </message>
    <message>
        <source>--moe-topk {topk} must be from 0 to --moe-experts {experts}</source>
        <translation>--moe-topk {topk} 必须在 0 到 --moe-experts {experts} 之间</translation>
    </message>
    <message>
        <source>{count} x {gbps:g} Gb/s {technology} per node</source>
        <translation>每节点 {count} x {gbps:g} Gb/s {technology}</translation>
    </message>
    <message>
        <source>one node</source>
        <translation>单节点</translation>
    </message>
    <message>
        <source>{gpus} x {gpu} ({per_node} per node, {network})</source>
        <translation>{gpus} x {gpu}（每节点 {per_node} 块，{network}）</translation>
    </message>
    <message>
        <source>layout: tp {tp}, pp {pp}, dp {dp}, ep {ep}, vpp {vpp}; ZeRO {zero}; {precision}; {recompute} recompute</source>
        <translation>并行布局：tp {tp}，pp {pp}，dp {dp}，ep {ep}，vpp {vpp}；ZeRO {zero}；{precision}；重计算 {recompute}</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>TFLOP/s per GPU</source>
        <translation>每卡 TFLOP/s</translation>
    </message>
    <message>
        <source>{model} model, {hardware} hardware</source>
        <translation>模型口径 {model}，硬件口径 {hardware}</translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <source>{used} of {capacity} GB: {fits}</source>
        <translation>{used} / {capacity} GB：{fits}</translation>
    </message>
    <message>
        <source>dominant part</source>
        <translation>主要耗时</translation>
    </message>
    <message>
        <source>days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>{days} ({tokens} tokens)</source>
        <translation>{days}（{tokens} token）</translation>
    </message>
    <message>
        <source>write the design&apos;s PDF proposal (headless)</source>
        <translation>生成方案的 PDF 建议书（无需图形界面）</translation>
    </message>
    <message>
        <source>the PDF file to write</source>
        <translation>要写入的 PDF 文件</translation>
    </message>
    <message>
        <source>language of the proposal (default: the command line&apos;s, en or zh)</source>
        <translation>建议书的语言（默认与命令行一致，en 或 zh）</translation>
    </message>
    <message>
        <source>paper size (default a4)</source>
        <translation>纸张大小（默认 a4）</translation>
    </message>
    <message>
        <source>the document number on the cover and footers (default: Preferences)</source>
        <translation>封面和页脚上的文档编号（默认取自“首选项”）</translation>
    </message>
    <message>
        <source>the document revision, e.g. B (default: Preferences)</source>
        <translation>文档版本，例如 B（默认取自“首选项”）</translation>
    </message>
    <message>
        <source>add a comparison with another design (OTHER.cluster@VARIANT, or @VARIANT for another variant of FILE)</source>
        <translation>加入与另一个方案的对比（OTHER.cluster@VARIANT，或用 @VARIANT 表示 FILE 的另一个变体）</translation>
    </message>
    <message>
        <source>add an acceptance section from nccl-tests output measured on the delivered cluster</source>
        <translation>根据交付集群上实测的 nccl-tests 输出加入验收章节</translation>
    </message>
    <message>
        <source>output {output!r} must end in .pdf (e.g. -o proposal.pdf)</source>
        <translation>输出文件 {output!r} 必须以 .pdf 结尾（例如 -o proposal.pdf）</translation>
    </message>
    <message>
        <source>output {output!r} is a folder; give a file name such as {example}</source>
        <translation>输出 {output!r} 是一个文件夹；请给出文件名，例如 {example}</translation>
    </message>
    <message>
        <source>cannot write {path}: the folder {folder} does not exist; create it or pick another output path</source>
        <translation>无法写入 {path}：文件夹 {folder} 不存在；请先创建该文件夹，或换一个输出路径</translation>
    </message>
    <message>
        <source>cluster-planner: warning: {warning}</source>
        <translation>cluster-planner: 警告：{warning}</translation>
    </message>
    <message>
        <source>{file}: {pages} pages ({language}, {paper})</source>
        <translation>{file}: 共 {pages} 页（{language}，{paper}）</translation>
    </message>
    <message>
        <source>the bill of materials: every part with its quantity and price, cables counted from the cable schedule</source>
        <translation>物料清单：每种物料的数量和价格，线缆按布线表统计</translation>
    </message>
    <message>
        <source>print JSON (always English)</source>
        <translation>输出 JSON（始终为英文）</translation>
    </message>
    <message>
        <source>write the port-to-port cable schedule as CSV</source>
        <translation>将端口到端口布线表写为 CSV</translation>
    </message>
    <message>
        <source>the CSV file to write (e.g. cables.csv)</source>
        <translation>要写入的 CSV 文件（例如 cables.csv）</translation>
    </message>
    <message>
        <source>part number</source>
        <translation>型号 / 料号</translation>
    </message>
    <message>
        <source>description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>qty</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <source>hardware total: {total} ({lines}, {cables} in the schedule)</source>
        <translation>硬件合计：{total}（{lines}，布线表共 {cables}）</translation>
    </message>
    <message>
        <source>wrote {path}: {cables}</source>
        <translation>已写入 {path}：{cables}</translation>
    </message>
    <message>
        <source>output {output!r} must end in .csv (e.g. -o cables.csv)</source>
        <translation>输出文件 {output!r} 须以 .csv 结尾（例如 -o cables.csv）</translation>
    </message>
</context>
<context>
    <name>CableExporter</name>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export &amp;Cable Schedule (CSV)…</source>
        <translation>导出布线表（CSV）(&amp;C)…</translation>
    </message>
    <message>
        <source>Write every cable of this design, both ends, part and length, as CSV</source>
        <translation>将本方案的每条线缆（两端、型号和长度）写为 CSV</translation>
    </message>
    <message>
        <source>Export cable schedule as</source>
        <translation>布线表导出为</translation>
    </message>
    <message>
        <source>Cannot export the cable schedule</source>
        <translation>无法导出布线表</translation>
    </message>
    <message>
        <source>Wrote {count} cable to {path}</source>
        <translation>已将 {count} 条线缆写入 {path}</translation>
    </message>
    <message>
        <source>Wrote {count} cables to {path}</source>
        <translation>已将 {count} 条线缆写入 {path}</translation>
    </message>
</context>
<context>
    <name>Catalog</name>
    <message>
        <source>unknown id {catalog_id!r}</source>
        <translation>硬件目录中没有 id {catalog_id!r}</translation>
    </message>
    <message>
        <source>unknown {kind} id {catalog_id!r}</source>
        <translation>{kind} id {catalog_id!r} 不在硬件目录中</translation>
    </message>
    <message>
        <source>unknown {kind} id {catalog_id!r} (known {kind} ids: {choices})</source>
        <translation>{kind} id {catalog_id!r} 不在硬件目录中（{kind} id 可选：{choices}）</translation>
    </message>
    <message>
        <source>... and more problems in {count:,} entry, not listed: only the first {limit:,} are</source>
        <translation>……另有 {count:,} 个条目的问题未列出：只列出前 {limit:,} 个问题</translation>
    </message>
    <message>
        <source>... and more problems in {count:,} entries, not listed: only the first {limit:,} are</source>
        <translation>……另有 {count:,} 个条目的问题未列出：只列出前 {limit:,} 个问题</translation>
    </message>
    <message>
        <source>{path}: {reason}; ignored</source>
        <translation>{path}: {reason}；已忽略该文件</translation>
    </message>
    <message>
        <source>{path}: cannot be read ({reason}); ignored</source>
        <translation>{path}: 无法读取（{reason}）；已忽略该文件</translation>
    </message>
    <message>
        <source>{path}: expected an object with a list &apos;entries&apos;; ignored</source>
        <translation>{path}: 应为含列表 &apos;entries&apos; 的对象；已忽略该文件</translation>
    </message>
    <message>
        <source>{path}: {count:,} entries is more than the {limit:,} allowed; ignored</source>
        <translation>{path}: 共 {count:,} 个条目，超过允许的上限 {limit:,}；已忽略该文件</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>larger than {mb} MB</source>
        <translation>大于 {mb} MB</translation>
    </message>
    <message>
        <source>{name} is not a number JSON allows</source>
        <translation>{name} 不是 JSON 允许的数字</translation>
    </message>
    <message>
        <source>{where}: {problem}; entry skipped</source>
        <translation>{where}: {problem}；已跳过该条目</translation>
    </message>
    <message>
        <source>{where}: duplicate id {id!r}; entry skipped</source>
        <translation>{where}: id {id!r} 重复；已跳过该条目</translation>
    </message>
    <message>
        <source>could not be checked ({reason})</source>
        <translation>无法校验（{reason}）</translation>
    </message>
    <message>
        <source>kind must be text, one of {kinds}</source>
        <translation>kind 必须是文本，取以下值之一：{kinds}</translation>
    </message>
    <message>
        <source>id {id!r} must be 1-64 letters, digits, &apos;.&apos;, &apos;_&apos;, &apos;:&apos; or &apos;-&apos; (designs refer to hardware by this id)</source>
        <translation>id {id!r} 必须由 1-64 个字母、数字、&apos;.&apos;、&apos;_&apos;、&apos;:&apos; 或 &apos;-&apos; 组成（方案通过此 id 引用硬件）</translation>
    </message>
    <message>
        <source>port_groups must be a list of {fields}</source>
        <translation>port_groups 必须是 {fields} 对象的列表</translation>
    </message>
    <message>
        <source>{name}: {value} is far outside any allowed range</source>
        <translation>{name}：{value} 远远超出允许范围</translation>
    </message>
    <message>
        <source>{name}: text of {length:,} characters is longer than {limit:,}</source>
        <translation>{name}：文本长 {length:,} 个字符，超过上限 {limit:,}</translation>
    </message>
    <message>
        <source>{name}: contains an unpaired surrogate; retype it</source>
        <translation>{name}：含有未配对的代理码；请重新输入</translation>
    </message>
    <message>
        <source>port_groups: {ports:,} ports is more than the {limit:,} one device may have</source>
        <translation>port_groups：共 {ports:,} 个端口，超过单台设备的上限 {limit:,}</translation>
    </message>
    <message>
        <source>{entry}: {field} {value!r} is not a {kind} in the catalog; entry skipped</source>
        <translation>{entry}：{field} {value!r} 不是硬件目录中的{kind}；已跳过该条目</translation>
    </message>
    <message>
        <source>gpu</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>nic</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <source>rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>pdu</source>
        <translation>PDU</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散热方式</translation>
    </message>
    <message>
        <source>patch_panel</source>
        <translation>配线架</translation>
    </message>
    <message>
        <source>blank</source>
        <translation>盲板</translation>
    </message>
    <message>
        <source>power_shelf</source>
        <translation>电源架</translation>
    </message>
    <message>
        <source>cdu</source>
        <translation>CDU（冷却液分配单元）</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>true/false</source>
        <translation>true/false</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>unknown field {name!r}</source>
        <translation>未知字段 {name!r}</translation>
    </message>
    <message>
        <source>missing required field {name!r}</source>
        <translation>缺少必填字段 {name!r}</translation>
    </message>
    <message>
        <source>an entry must be an object, got {type}</source>
        <translation>条目必须是对象，实际为 {type}</translation>
    </message>
    <message>
        <source>kind {kind!r} is not one of {kinds}</source>
        <translation>kind {kind!r} 不是以下取值之一：{kinds}</translation>
    </message>
    <message>
        <source>port_groups[{index}]: {problem}</source>
        <translation>port_groups[{index}]：{problem}</translation>
    </message>
    <message>
        <source>{name}: expected {expected}, got a boolean</source>
        <translation>{name}：应为{expected}，实际为布尔值</translation>
    </message>
    <message>
        <source>{name}: expected {expected}, got {type}</source>
        <translation>{name}：应为{expected}，实际为 {type}</translation>
    </message>
    <message>
        <source>{name}: {value} is not a finite number</source>
        <translation>{name}：{value} 不是有限数值</translation>
    </message>
    <message>
        <source>{name}: {value} is below the minimum {low:g}</source>
        <translation>{name}：{value} 低于最小值 {low:g}</translation>
    </message>
    <message>
        <source>{name}: {value} is above the maximum {high:g}</source>
        <translation>{name}：{value} 超过最大值 {high:g}</translation>
    </message>
    <message>
        <source>{name}: {value!r} is not one of {choices}</source>
        <translation>{name}：{value!r} 不是以下取值之一：{choices}</translation>
    </message>
    <message>
        <source>{name}: must not be empty</source>
        <translation>{name}：不能为空</translation>
    </message>
    <message>
        <source>estimated: {name!r} is not a figure of this entry</source>
        <translation>estimated：{name!r} 不是该条目的数值字段</translation>
    </message>
    <message>
        <source>estimated: {name!r} must say how it was derived</source>
        <translation>estimated：{name!r} 必须说明估算依据</translation>
    </message>
    <message>
        <source>{name}: {count} devices; list 1 to {most} RDMA device names</source>
        <translation>{name}：{count} 个设备；请列出 1 到 {most} 个 RDMA 设备名</translation>
    </message>
    <message>
        <source>{name}: {value} is not an RDMA device name (as ibv_devices prints them, e.g. mlx5_0)</source>
        <translation>{name}：{value} 不是 RDMA 设备名（应与 ibv_devices 的输出一致，例如 mlx5_0）</translation>
    </message>
    <message>
        <source>{name}: a device is listed twice</source>
        <translation>{name}：有设备重复列出</translation>
    </message>
    <message>
        <source>platform_source: required with {fields}: say where these facts come from</source>
        <translation>platform_source：填写了 {fields} 时必须提供：请注明这些信息的来源</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <source>{first} or {second}</source>
        <translation>{first}或{second}</translation>
    </message>
</context>
<context>
    <name>ChecksList</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>notes</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Checks not yet computed</source>
        <translation>检查尚未完成</translation>
    </message>
    <message>
        <source>No problems found</source>
        <translation>未发现问题</translation>
    </message>
    <message>
        <source>All checks hidden by the filter</source>
        <translation>所有检查项均被筛选隐藏</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>处理建议：</translation>
    </message>
    <message>
        <source>Involves:</source>
        <translation>涉及：</translation>
    </message>
    <message>
        <source> and {n} more</source>
        <translation> 等另外 {n} 项</translation>
    </message>
    <message>
        <source>{message} — and {n} more like it</source>
        <translation>{message} — 另有 {n} 条同类问题</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Show or hide {what}</source>
        <translation>显示或隐藏{what}</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare designs</source>
        <translation>方案对比</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Qty A</source>
        <translation>数量 A</translation>
    </message>
    <message>
        <source>Qty B</source>
        <translation>数量 B</translation>
    </message>
    <message>
        <source>Total A</source>
        <translation>合计 A</translation>
    </message>
    <message>
        <source>Total B</source>
        <translation>合计 B</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>介质</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Only items that differ</source>
        <translation>只显示不同项</translation>
    </message>
    <message>
        <source>New Variant…</source>
        <translation>新建变体…</translation>
    </message>
    <message>
        <source>variant {name} could not be made</source>
        <translation>无法创建变体 {name}</translation>
    </message>
    <message>
        <source>New variant</source>
        <translation>新建变体</translation>
    </message>
    <message>
        <source>Name of the new variant (the current state is kept):</source>
        <translation>新方案变体的名称（保留当前状态）：</translation>
    </message>
    <message>
        <source>Only the open design is here: make a variant with New Variant… or add a design with Add file…, then Compare.</source>
        <translation>这里只有当前打开的方案：请用“新建变体…”创建一个变体，或用“添加文件…”加入另一个方案，然后点击“比较”。</translation>
    </message>
    <message>
        <source>Add file…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Bus bandwidth</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <source>Bill of materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <source>Open design: {}</source>
        <translation>当前方案：{}</translation>
    </message>
    <message>
        <source>Variant: {}</source>
        <translation>变体：{}</translation>
    </message>
    <message>
        <source>File: {}</source>
        <translation>文件：{}</translation>
    </message>
    <message>
        <source>Add a design to compare</source>
        <translation>添加要对比的方案</translation>
    </message>
    <message>
        <source>Cluster designs (*{})</source>
        <translation>集群方案 (*{})</translation>
    </message>
    <message>
        <source>Could not open {}: {}</source>
        <translation>无法打开 {}：{}</translation>
    </message>
    <message>
        <source>Cannot compare: {}</source>
        <translation>无法对比：{}</translation>
    </message>
</context>
<context>
    <name>CostView</name>
    <message>
        <source>Buy</source>
        <translation>采购</translation>
    </message>
    <message>
        <source>Up front</source>
        <translation>前期投入</translation>
    </message>
    <message>
        <source>Monthly</source>
        <translation>每月</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Per GPU-hour</source>
        <translation>每 GPU 小时</translation>
    </message>
    <message>
        <source>Network share</source>
        <translation>网络占比</translation>
    </message>
    <message>
        <source>Rent (alternative)</source>
        <translation>租赁（备选）</translation>
    </message>
    <message>
        <source>Cloud (alternative)</source>
        <translation>公有云（备选）</translation>
    </message>
    <message>
        <source>Buy: hardware, installation and a first year of support. Rent: the first bill (a year when prepaid annually).</source>
        <translation>购买：硬件、安装及第一年技术支持。租赁：首期账单（按年预付时为一年）。</translation>
    </message>
    <message>
        <source>Buy: electricity and rack space of the bought cluster. Rent: the month paid (a twelfth of a prepaid year). Cloud: the monthly bill.</source>
        <translation>购买：所购集群的电费和机位费。租赁：每月实付（按年预付时为一年的十二分之一）。公有云：每月账单。</translation>
    </message>
    <message>
        <source>Everything paid over the {months} project.</source>
        <translation>{months}项目周期内的全部支出。</translation>
    </message>
    <message>
        <source>Total ÷ GPU-hours of the project (every GPU, every hour).</source>
        <translation>总成本 ÷ 项目的 GPU 小时数（所有 GPU、每个小时）。</translation>
    </message>
    <message>
        <source>Switches, NICs and cables as a share of the total.</source>
        <translation>交换机、网卡和线缆占总成本的比例。</translation>
    </message>
    <message>
        <source>Buying never costs less than renting within the {years}-year hardware life.</source>
        <translation>在 {years} 年硬件寿命内，采购始终不比租用便宜。</translation>
    </message>
    <message>
        <source>Buying never costs less than the cloud within the {years}-year hardware life.</source>
        <translation>在 {years} 年硬件寿命内，采购始终不比上云便宜。</translation>
    </message>
    <message>
        <source>Buying costs less than renting from month {month} on (within the {project} project).</source>
        <translation>从第 {month} 个月起采购比租用便宜（在 {project}项目周期内）。</translation>
    </message>
    <message>
        <source>Buying costs less than renting from month {month} on (after the {project} project ends).</source>
        <translation>从第 {month} 个月起采购比租用便宜（在 {project}项目结束之后）。</translation>
    </message>
    <message>
        <source>Buying costs less than the cloud from month {month} on (within the {project} project).</source>
        <translation>从第 {month} 个月起采购比上云便宜（在 {project}项目周期内）。</translation>
    </message>
    <message>
        <source>Buying costs less than the cloud from month {month} on (after the {project} project ends).</source>
        <translation>从第 {month} 个月起采购比上云便宜（在 {project}项目结束之后）。</translation>
    </message>
    <message>
        <source>Renting needs {share} less cash up front than buying.</source>
        <translation>租用的前期现金投入比采购少 {share}。</translation>
    </message>
    <message>
        <source>Renting needs {share} more cash up front than buying.</source>
        <translation>租用的前期现金投入比采购多 {share}。</translation>
    </message>
    <message>
        <source>Renting costs {share} less per month than the same GPUs in the cloud.</source>
        <translation>租用每月比在云上使用同样的 GPU 便宜 {share}。</translation>
    </message>
    <message>
        <source>Renting costs {share} more per month than the same GPUs in the cloud.</source>
        <translation>租用每月比在云上使用同样的 GPU 贵 {share}。</translation>
    </message>
    <message>
        <source>never</source>
        <translation>永远无法</translation>
    </message>
    <message>
        <source>after {months} months</source>
        <translation>需要 {months} 个月</translation>
    </message>
    <message>
        <source>{count} × {model}: buying ({buy} each) instead of renting ({rent}/month) pays back {payback}.</source>
        <translation>{count} × {model}：采购（每台 {buy}）代替租用（每月 {rent}），{payback}回本。</translation>
    </message>
    <message>
        <source>No buy price for {ids}: left out of that total.</source>
        <translation>{ids} 没有采购价格：未计入该项总计。</translation>
    </message>
    <message>
        <source>No rent price for {ids}: left out of that total.</source>
        <translation>{ids} 没有租用价格：未计入该项总计。</translation>
    </message>
    <message>
        <source>No cloud price for {ids}: left out of that total.</source>
        <translation>{ids} 没有云上价格：未计入该项总计。</translation>
    </message>
    <message>
        <source>not yet computed</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cost&lt;/b&gt; — not available: {reason}</source>
        <translation>&lt;b&gt;成本&lt;/b&gt; — 无法计算：{reason}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cost&lt;/b&gt; over {months} for {gpus} GPU ({currency})</source>
        <translation>&lt;b&gt;成本&lt;/b&gt;：{months}，{gpus} 张 GPU（{currency}）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cost&lt;/b&gt; over {months} for {gpus} GPUs ({currency})</source>
        <translation>&lt;b&gt;成本&lt;/b&gt;：{months}，{gpus} 张 GPU（{currency}）</translation>
    </message>
    <message>
        <source>No tax rate is set: amounts are shown without tax.</source>
        <translation>未设置税率：金额均不含税。</translation>
    </message>
    <message>
        <source>Prices include VAT ({rate}): buying&apos;s total holds {tax} of tax.</source>
        <translation>价格含增值税（{rate}）：购买方案总额中含税 {tax}。</translation>
    </message>
    <message>
        <source>Prices exclude VAT ({rate}): buying adds {tax}, {total} with tax.</source>
        <translation>价格不含增值税（{rate}）：购买方案另加税 {tax}，含税合计 {total}。</translation>
    </message>
    <message>
        <source>Prices valid until {date}.</source>
        <translation>报价有效期至 {date}。</translation>
    </message>
    <message>
        <source>Support and extended warranty: {count} × {unit} a year.</source>
        <translation>技术支持与延保：{count} 年 × 每年 {unit}。</translation>
    </message>
    <message>
        <source>Hardware warranty: {years} year, included in the prices.</source>
        <translation>硬件保修：{years} 年，已含在价格中。</translation>
    </message>
    <message>
        <source>Hardware warranty: {years} years, included in the prices.</source>
        <translation>硬件保修：{years} 年，已含在价格中。</translation>
    </message>
    <message>
        <source>Electricity (in buying&apos;s monthly cost): {training}/month at the draw under training load ({training_kw} IT); at the typical draw ({typical_kw} IT), an alternative, {typical}/month.</source>
        <translation>电费（计入购买方案月成本）：按训练负载（IT {training_kw}）每月 {training}；按典型功耗（IT {typical_kw}，仅供参考）每月 {typical}。</translation>
    </message>
</context>
<context>
    <name>CurvesView</name>
    <message>
        <source>Hover over the plot to read the curves at a message size.</source>
        <translation>将鼠标悬停在图上，可读取某一消息大小下的曲线数值。</translation>
    </message>
    <message>
        <source>not yet computed</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <source>message size (nccl-tests size column)</source>
        <translation>消息大小（nccl-tests 的 size 列）</translation>
    </message>
    <message>
        <source>busbw</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>Collective bandwidth</source>
        <translation>集合通信带宽</translation>
    </message>
    <message>
        <source>{op}: {busbw} in {time}, {algorithm} — {bottleneck}</source>
        <translation>{op}：{busbw}，耗时 {time}，{algorithm} — 瓶颈：{bottleneck}</translation>
    </message>
    <message>
        <source>single rank (local copy)</source>
        <translation>单个进程（本地拷贝）</translation>
    </message>
    <message>
        <source>inter-node NIC</source>
        <translation>节点间网卡</translation>
    </message>
    <message>
        <source>to each NIC</source>
        <translation>到每块网卡</translation>
    </message>
    <message>
        <source>between GPUs</source>
        <translation>GPU 之间</translation>
    </message>
    <message>
        <source>NVLink mesh</source>
        <translation>NVLink 网状互联</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <source>the catalog has no entry {id!r}; pick one from the palette</source>
        <translation>硬件目录中没有条目 {id!r}；请从硬件面板中选择</translation>
    </message>
    <message>
        <source>{name} ({id}) is a {kind}, not a device for a rack (drop it on a row to add a rack)</source>
        <translation>{name}（{id}）是 {kind}，不是可装入机柜的设备（把它拖到某一列上即可添加机柜）</translation>
    </message>
    <message>
        <source>{name} ({id}) is a {kind}, not a device for a rack</source>
        <translation>{name}（{id}）是 {kind}，不是可装入机柜的设备</translation>
    </message>
    <message>
        <source>no rack {rack!r} in this design</source>
        <translation>此方案中没有机柜 {rack!r}</translation>
    </message>
    <message>
        <source>rack {rack!r} has no free {height} U space for {what}; use another rack or add one</source>
        <translation>机柜 {rack!r} 没有可放下 {what} 的 {height}U 空闲空间；请换一个机柜或新增机柜</translation>
    </message>
    <message>
        <source>no device {device!r} in this design</source>
        <translation>此方案中没有设备 {device!r}</translation>
    </message>
    <message>
        <source>no rack, device or link {id!r} in this design</source>
        <translation>此方案中没有机柜、设备或链路 {id!r}</translation>
    </message>
    <message>
        <source>position {position} of row {row} already holds rack {rack!r}; drop the rack on a free place</source>
        <translation>{row} 列第 {position} 位已有机柜 {rack!r}；请把机柜放到空位上</translation>
    </message>
    <message>
        <source>racks {a!r} and {b!r} would both stand at position {position} of row {row}; give each its own position</source>
        <translation>机柜 {a!r} 和 {b!r} 将同时位于 {row} 列第 {position} 位；请为每个机柜指定不同的位置</translation>
    </message>
    <message>
        <source>only GPU servers take a compute NIC choice</source>
        <translation>只有 GPU 服务器可以选择计算网卡</translation>
    </message>
    <message>
        <source>nic_id {nic!r} is not a NIC in the catalog (NICs: {known})</source>
        <translation>nic_id {nic!r} 不是硬件目录中的网卡（可选网卡：{known}）</translation>
    </message>
    <message>
        <source>nic_count {count} is more than the {slots} compute NIC slots of {name}</source>
        <translation>nic_count {count} 超过了 {name} 的 {slots} 个计算网卡槽位</translation>
    </message>
    <message>
        <source>port {port} carries link {link!r}, which the new NIC setting would break; remove the link first</source>
        <translation>端口 {port} 上有链路 {link!r}，新的网卡设置会使其断开；请先删除该链路</translation>
    </message>
    <message>
        <source>unknown settings section {section!r}; use meta, fabric, cost or workload</source>
        <translation>未知的设置分组 {section!r}；请使用 meta、fabric、cost 或 workload</translation>
    </message>
    <message>
        <source>workload must be a Workload or None (None clears it)</source>
        <translation>workload 必须是 Workload 或 None（None 表示清除）</translation>
    </message>
    <message>
        <source>link {a} - {b}</source>
        <translation>链路 {a} - {b}</translation>
    </message>
    <message>
        <source>a link joins two different devices; drag to another device</source>
        <translation>链路必须连接两台不同的设备；请拖到另一台设备上</translation>
    </message>
    <message>
        <source>no free port of {a} ({techs_a}) matches a free port of {b} ({techs_b}); a link needs the same technology at both ends</source>
        <translation>{a} 的空闲端口（{techs_a}）与 {b} 的空闲端口（{techs_b}）都不匹配；链路两端必须是同一种网络技术</translation>
    </message>
    <message>
        <source>{device} is hardware the catalog does not know ({catalog}), so its ports are unknown; link it port by port instead</source>
        <translation>{device} 的硬件（{catalog}）不在硬件目录中，端口未知；请逐个端口手动连接</translation>
    </message>
    <message>
        <source>{device} ({catalog}) has no network ports</source>
        <translation>{device}（{catalog}）没有网络端口</translation>
    </message>
    <message>
        <source>the one port of {device} is in use; remove its link or add a device with free ports</source>
        <translation>{device} 唯一的端口已占用；请删除它的链路，或添加有空闲端口的设备</translation>
    </message>
    <message>
        <source>every port of {device} is in use ({count} ports); remove a link or add a device with free ports</source>
        <translation>{device} 的全部端口（{count} 个）都已占用；请删除一条链路，或添加有空闲端口的设备</translation>
    </message>
    <message>
        <source>new link</source>
        <translation>新链路</translation>
    </message>
    <message>
        <source>rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>{name!r} is not an editable property of a {what} (editable: {fields})</source>
        <translation>{name!r} 不是{what}的可编辑属性（可编辑：{fields}）</translation>
    </message>
    <message>
        <source>{section} settings</source>
        <translation>{section}设置</translation>
    </message>
    <message>
        <source>{name!r} is not a {section} setting (settings: {names})</source>
        <translation>{name!r} 不是{section}设置项（可用设置：{names}）</translation>
    </message>
    <message>
        <source>{name} {value!r} must be a date written YYYY-MM-DD (e.g. 2027-03-31), or empty</source>
        <translation>{name} {value!r} 须为 YYYY-MM-DD 格式的日期（例如 2027-03-31），或留空</translation>
    </message>
    <message>
        <source>{name} must be given (it has no default)</source>
        <translation>必须填写 {name}（它没有默认值）</translation>
    </message>
    <message>
        <source>{name} {value!r} must be true or false</source>
        <translation>{name} {value!r} 必须是 true 或 false</translation>
    </message>
    <message>
        <source>{name} {value!r} is not one of {choices}</source>
        <translation>{name} {value!r} 不是以下取值之一：{choices}</translation>
    </message>
    <message>
        <source>{name} must be text, got {type}</source>
        <translation>{name} 必须是文本，实际是 {type}</translation>
    </message>
    <message>
        <source>{name} must not be empty</source>
        <translation>{name} 不能为空</translation>
    </message>
    <message>
        <source>{name} is {length} characters long; keep it to {most:g}</source>
        <translation>{name} 长 {length} 个字符；请不超过 {most:g} 个</translation>
    </message>
    <message>
        <source>{name} {value!r} must be a whole number</source>
        <translation>{name} {value!r} 必须是整数</translation>
    </message>
    <message>
        <source>{name} {value!r} must be a number</source>
        <translation>{name} {value!r} 必须是数字</translation>
    </message>
    <message>
        <source>{name} {value!r} must be {range}</source>
        <translation>{name} {value!r} 必须{range}</translation>
    </message>
    <message>
        <source>above {low:g}</source>
        <translation>大于 {low:g}</translation>
    </message>
    <message>
        <source>at least {low:g}</source>
        <translation>不小于 {low:g}</translation>
    </message>
    <message>
        <source>at most {high:g}</source>
        <translation>不大于 {high:g}</translation>
    </message>
    <message>
        <source>{low} and {high}</source>
        <translation>{low} 且{high}</translation>
    </message>
    <message>
        <source>{name} must be a mapping of text keys to values</source>
        <translation>{name} 必须是以文本为键的映射</translation>
    </message>
    <message>
        <source>{name} has {count} entries; keep it to {most}</source>
        <translation>{name} 有 {count} 项；请不超过 {most} 项</translation>
    </message>
    <message>
        <source>a key of {name} is {length} characters long; keep it to {most}</source>
        <translation>{name} 的某个键长 {length} 个字符；请不超过 {most} 个</translation>
    </message>
    <message>
        <source>this design has no file yet; choose a file name with Save As</source>
        <translation>此方案还没有文件；请用“另存为”选择文件名</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>row</source>
        <translation>列</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>height_u</source>
        <translation>高度（U）</translation>
    </message>
    <message>
        <source>power_budget_kw</source>
        <translation>功率预算</translation>
    </message>
    <message>
        <source>cooling</source>
        <translation>散热方式</translation>
    </message>
    <message>
        <source>cooling_capacity_kw</source>
        <translation>散热能力</translation>
    </message>
    <message>
        <source>nic_id</source>
        <translation>网卡型号</translation>
    </message>
    <message>
        <source>nic_count</source>
        <translation>网卡数量</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>线缆介质</translation>
    </message>
    <message>
        <source>length_m</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>meta</source>
        <translation>方案信息</translation>
    </message>
    <message>
        <source>fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>workload</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <source>autosave to {folder} failed: {reason}</source>
        <translation>自动保存到 {folder} 失败：{reason}</translation>
    </message>
    <message>
        <source>results are not available: the engine&apos;s analysis module is missing ({error})</source>
        <translation>无法提供计算结果：缺少计算引擎的分析模块（{error}）</translation>
    </message>
    <message>
        <source>results could not be computed: {reason}</source>
        <translation>无法计算结果：{reason}</translation>
    </message>
    <message>
        <source>the file was changed on disk since you opened it (another window, program or person saved it); nothing was saved. Reload it, save under another name, or overwrite it</source>
        <translation>自打开以来，磁盘上的文件已被更改（另一个窗口、程序或他人保存了它）；未保存任何内容。请重新加载、另存为其他名称，或覆盖它</translation>
    </message>
    <message>
        <source>nothing to copy: select racks or devices first</source>
        <translation>没有可复制的内容：请先选择机柜或设备</translation>
    </message>
    <message>
        <source>height (U)</source>
        <translation>高度（U）</translation>
    </message>
    <message>
        <source>power budget (kW)</source>
        <translation>功率预算（kW）</translation>
    </message>
    <message>
        <source>cooling capacity (kW)</source>
        <translation>散热能力（kW）</translation>
    </message>
    <message>
        <source>NIC model</source>
        <translation>网卡型号</translation>
    </message>
    <message>
        <source>NIC count</source>
        <translation>网卡数量</translation>
    </message>
    <message>
        <source>cable medium</source>
        <translation>线缆介质</translation>
    </message>
    <message>
        <source>cable length</source>
        <translation>线缆长度</translation>
    </message>
    <message>
        <source>design</source>
        <translation>方案</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>the design has no GPU servers (of a model the catalog knows)</source>
        <translation>方案中没有 GPU 服务器（目录中已知型号）</translation>
    </message>
    <message>
        <source>no training workload is set (add one in the design&apos;s workload settings)</source>
        <translation>未设置训练任务（可在方案的训练任务设置中添加）</translation>
    </message>
    <message>
        <source>the design has no GPU servers</source>
        <translation>方案中没有 GPU 服务器</translation>
    </message>
    <message>
        <source>needs {section}, which could not be computed</source>
        <translation>依赖的{section}无法计算</translation>
    </message>
    <message>
        <source>needs {section}</source>
        <translation>依赖的{section}不可用</translation>
    </message>
    <message>
        <source>the workload needs tp·pp·dp·cp = {tp}·{pp}·{dp}·{cp} = {gpus} GPUs but the largest group of connected servers has {ranks} ({nodes} x {per_node}); lower dp to {fit_dp} or add servers</source>
        <translation>训练任务需要 tp·pp·dp·cp = {tp}·{pp}·{dp}·{cp} = {gpus} 张 GPU，但最大的互联服务器组只有 {ranks} 张（{nodes} × {per_node}）；请把 dp 降到 {fit_dp}，或增加服务器</translation>
    </message>
    <message>
        <source>no scaling curve: {reason}</source>
        <translation>无法计算扩展曲线：{reason}</translation>
    </message>
    <message>
        <source>local NVMe of {server} (the design has no storage servers)</source>
        <translation>{server} 的本地 NVMe（方案中没有存储服务器）</translation>
    </message>
    <message>
        <source>no calibration results to summarise</source>
        <translation>没有可汇总的校准结果</translation>
    </message>
    <message>
        <source>unknown collective {op!r}; use allreduce, allgather, reducescatter, alltoall or sendrecv</source>
        <translation>未知的集合通信 {op!r}；可用 allreduce、allgather、reducescatter、alltoall 或 sendrecv</translation>
    </message>
    <message>
        <source>GPU {gpu} has no dense {precision} figure (has: {known}); change the workload precision</source>
        <translation>GPU {gpu} 没有 {precision} 精度的稠密算力数据（已有：{known}）；请更改训练任务的计算精度</translation>
    </message>
    <message>
        <source>catalog id {id!r} is a {kind}, not a gpu or server; pick a GPU model</source>
        <translation>目录条目 {id!r} 的类型是 {kind}，不是 GPU 或服务器；请选择 GPU 型号</translation>
    </message>
    <message>
        <source>zero_stage {stage} is not 0, 1, 2 or 3; pick one of those</source>
        <translation>zero_stage {stage} 不是 0、1、2 或 3；请从中选择一个</translation>
    </message>
    <message>
        <source>unknown parallel group {group!r}; expected one of {groups}</source>
        <translation>未知的并行组 {group!r}；应为 {groups} 之一</translation>
    </message>
    <message>
        <source>workload {name} is {value!r}; it must be a whole number ≥ 1</source>
        <translation>训练任务的 {name} 为 {value!r}；必须是 ≥ 1 的整数</translation>
    </message>
    <message>
        <source>gpus_per_node is {gpus_per_node}; a server needs at least one GPU</source>
        <translation>gpus_per_node 为 {gpus_per_node}；每台服务器至少需要一张 GPU</translation>
    </message>
    <message>
        <source>global_batch {batch} is not divisible by micro_batch × data-parallel ({micro} × {dp}); change global_batch to a multiple of {multiple}</source>
        <translation>global_batch {batch} 不能被 micro_batch × 数据并行度（{micro} × {dp}）整除；请把 global_batch 改为 {multiple} 的倍数</translation>
    </message>
    <message>
        <source>{names} = {product} = {base} but the design has {gpus} GPUs; change dp to {dp} or the GPU count</source>
        <translation>{names} = {product} = {base}，但方案中有 {gpus} 张 GPU；请把 dp 改为 {dp}，或调整 GPU 数量</translation>
    </message>
    <message>
        <source>tp·pp·dp = {base} and tp·pp·dp·ep = {with_ep} but the design has {gpus} GPUs (with ep carved out of dp, ep {ep} must divide dp {dp}); change dp or ep</source>
        <translation>tp·pp·dp = {base}，tp·pp·dp·ep = {with_ep}，但方案中有 {gpus} 张 GPU（ep 从 dp 中切分时，ep {ep} 必须整除 dp {dp}）；请调整 dp 或 ep</translation>
    </message>
    <message>
        <source>heads {heads} are not divisible by tp {tp}; choose a tp that divides the number of attention heads</source>
        <translation>注意力头数 {heads} 不能被 tp {tp} 整除；请选择能整除注意力头数的 tp</translation>
    </message>
    <message>
        <source>pp·vpp = {pp}·{vpp} pipeline chunks exceed the {layers} layers; choose a smaller pp or vpp</source>
        <translation>pp·vpp = {pp}·{vpp} 个流水线块多于 {layers} 层；请选择更小的 pp 或 vpp</translation>
    </message>
    <message>
        <source>layers {layers} are not divisible by pp·vpp = {pp}·{vpp}; choose pp and vpp whose product divides {layers}</source>
        <translation>层数 {layers} 不能被 pp·vpp = {pp}·{vpp} 整除；请选择乘积能整除 {layers} 的 pp 和 vpp</translation>
    </message>
    <message>
        <source>seq_len {seq_len} is not divisible by 2·cp = {chunks} (causal load balancing splits each sequence in 2·cp chunks); choose a cp that divides seq_len / 2</source>
        <translation>seq_len {seq_len} 不能被 2·cp = {chunks} 整除（因果注意力的负载均衡把每条序列切成 2·cp 块）；请选择能整除 seq_len / 2 的 cp</translation>
    </message>
    <message>
        <source>vpp &gt; 1 needs pipeline parallelism; set vpp to 1 or pp above 1</source>
        <translation>vpp &gt; 1 需要流水线并行；请把 vpp 设为 1，或把 pp 设为大于 1</translation>
    </message>
    <message>
        <source>ep is {ep} but the model has no experts; set ep to 1 or moe_experts above 0</source>
        <translation>ep 为 {ep}，但模型没有专家；请把 ep 设为 1，或把 moe_experts 设为大于 0</translation>
    </message>
    <message>
        <source>moe_experts {experts} are not divisible by ep {ep}; choose an ep that divides the number of experts</source>
        <translation>moe_experts {experts} 不能被 ep {ep} 整除；请选择能整除专家数的 ep</translation>
    </message>
    <message>
        <source>no GPU counts to evaluate; give at least one</source>
        <translation>没有要评估的 GPU 数量；请至少给出一个</translation>
    </message>
    <message>
        <source>{gpus} GPUs is not a multiple of one replica (tp·cp·pp = {replica}); use multiples of {replica}</source>
        <translation>{gpus} 张 GPU 不是单个副本（tp·cp·pp = {replica}）的整数倍；请使用 {replica} 的倍数</translation>
    </message>
    <message>
        <source>hidden {hidden} is not divisible by heads {heads}; change heads so that hidden / heads is a whole head size</source>
        <translation>hidden {hidden} 不能被注意力头数 {heads} 整除；请调整头数，使 hidden / heads 为整数</translation>
    </message>
    <message>
        <source>kv_heads {kv_heads} must divide heads {heads}; set kv_heads to a divisor</source>
        <translation>kv_heads {kv_heads} 必须整除注意力头数 {heads}；请把 kv_heads 设为头数的约数</translation>
    </message>
    <message>
        <source>ffn_hidden {ffn} must be positive; leave it empty for 4 × hidden</source>
        <translation>ffn_hidden {ffn} 必须为正数；留空则取 4 × hidden</translation>
    </message>
    <message>
        <source>moe_topk {topk} must be between 1 and moe_experts {experts}; set moe_experts to 0 for a dense model</source>
        <translation>moe_topk {topk} 必须在 1 到 moe_experts {experts} 之间；稠密模型请把 moe_experts 设为 0</translation>
    </message>
    <message>
        <source>{name} {value} must be from 1 to {high:g} (1.25 is common), or empty for dropless routing</source>
        <translation>{name} {value} 须在 1 到 {high:g} 之间（常用 1.25），或留空表示无丢弃路由（dropless）</translation>
    </message>
    <message>
        <source>{name} {value} must be from 1 (balanced experts) to {high:g}: the busiest expert rank&apos;s tokens over the mean</source>
        <translation>{name} {value} 须在 1（专家负载均衡）到 {high:g} 之间：即负载最重的专家并行 rank 的 token 数与平均值之比</translation>
    </message>
    <message>
        <source>workload {name} is {value!r}; it must be a positive whole number</source>
        <translation>训练任务的 {name} 为 {value!r}；必须是正整数</translation>
    </message>
    <message>
        <source>workload has no field {name!r}</source>
        <translation>训练任务没有字段 {name!r}</translation>
    </message>
    <message>
        <source>workload {name} {value!r} is not one of {allowed}; pick one of those</source>
        <translation>训练任务的 {name} {value!r} 不是 {allowed} 之一；请从中选择一个</translation>
    </message>
    <message>
        <source>workload zero_stage {stage!r} is not 0, 1, 2 or 3; pick one of those</source>
        <translation>训练任务的 zero_stage {stage!r} 不是 0、1、2 或 3；请从中选择一个</translation>
    </message>
    <message>
        <source>workload train_tokens {tokens!r} must be positive; set the dataset size</source>
        <translation>训练任务的 train_tokens {tokens!r} 必须为正数；请设置数据集大小</translation>
    </message>
    <message>
        <source>{kind} storage needs positive read and write bandwidth (GB/s); got read {read}, write {write}</source>
        <translation>{kind} 存储的读写带宽（GB/s）必须为正数；当前读 {read}，写 {write}</translation>
    </message>
    <message>
        <source>checkpoint interval ({interval_s} s), nodes ({nodes}) and GPUs ({gpus}) must be positive</source>
        <translation>检查点间隔（{interval_s} 秒）、节点数（{nodes}）和 GPU 数（{gpus}）必须为正数</translation>
    </message>
    <message>
        <source>catalog id {id!r} is a {kind}; pick a storage system or a server</source>
        <translation>目录条目 {id!r} 的类型是 {kind}；请选择存储系统或服务器</translation>
    </message>
    <message>
        <source>design A&apos;s cost.cny_per_usd {rate!r} must be a positive number to convert B&apos;s {b} amounts into {a}</source>
        <translation>方案 A 的 cost.cny_per_usd {rate!r} 必须为正数，才能把方案 B 的 {b} 金额换算为 {a}</translation>
    </message>
    <message>
        <source>B&apos;s amounts are converted from {b} to {a} at A&apos;s rate of {rate:g} CNY per USD</source>
        <translation>方案 B 的金额已按方案 A 的汇率（1 美元 = {rate:g} 元人民币）由 {b} 换算为 {a}</translation>
    </message>
    <message>
        <source>{side}: {section} not available ({why})</source>
        <translation>{side}：{section}不可用（{why}）</translation>
    </message>
    <message>
        <source>the design has no training estimate</source>
        <translation>方案没有训练估算</translation>
    </message>
    <message>
        <source>--param {text!r}: write NAME=RANGE with NAME one of {names}, e.g. nodes=8..256, rack_kw=20..60:10 or nic=ib-ndr-400,roce-400</source>
        <translation>扫描参数（--param）{text!r}：请写成 NAME=RANGE，NAME 取 {names} 之一，例如 nodes=8..256、rack_kw=20..60:10 或 nic=ib-ndr-400,roce-400</translation>
    </message>
    <message>
        <source>--param {text!r}: no values; give a range (8..256) or a list (8,16,32)</source>
        <translation>扫描参数（--param）{text!r}：没有取值；请给出范围（8..256）或列表（8,16,32）</translation>
    </message>
    <message>
        <source>--param {text!r} gives {count} values; at most {most}: use a coarser step</source>
        <translation>扫描参数（--param）{text!r} 给出 {count} 个取值，最多 {most} 个：请加大步长</translation>
    </message>
    <message>
        <source>{name} takes a list of catalog ids (a,b,c), not a range</source>
        <translation>{name} 只接受目录 id 列表（a,b,c），不接受范围</translation>
    </message>
    <message>
        <source>{name}={spec}: the range must go up ({start} is above {end})</source>
        <translation>{name}={spec}：范围必须从小到大（{start} 大于 {end}）</translation>
    </message>
    <message>
        <source>{name}: a factor must be above 1 and the range start above 0 (e.g. 8..1024:x4)</source>
        <translation>{name}：倍数必须大于 1，且范围起点必须大于 0（例如 8..1024:x4）</translation>
    </message>
    <message>
        <source>{name}: step {step!r} must be a number (20..60:10) or a factor (8..1024:x4)</source>
        <translation>{name}：步长 {step!r} 必须是数字（20..60:10）或倍数（8..1024:x4）</translation>
    </message>
    <message>
        <source>{name}: step {step!r} must be above 0</source>
        <translation>{name}：步长 {step!r} 必须大于 0</translation>
    </message>
    <message>
        <source>{name}: the range gives {count} values; at most {most}: use a coarser step</source>
        <translation>{name}：该范围给出 {count} 个取值，最多 {most} 个：请加大步长</translation>
    </message>
    <message>
        <source>{name}: {text!r} is not a catalog id (e.g. ib-ndr-400)</source>
        <translation>{name}：{text!r} 不是目录 id（例如 ib-ndr-400）</translation>
    </message>
    <message>
        <source>{name}: {text!r} is not a number</source>
        <translation>{name}：{text!r} 不是数字</translation>
    </message>
    <message>
        <source>{name}: {text!r} must be a whole number</source>
        <translation>{name}：{text!r} 必须是整数</translation>
    </message>
    <message>
        <source>{name}: {text} is outside {low:g}..{high:g}</source>
        <translation>{name}：{text} 超出范围 {low:g}..{high:g}</translation>
    </message>
    <message>
        <source>design {name!r} has no GPU servers the catalog knows; a sweep rebuilds the design around its servers, so add some first</source>
        <translation>方案 {name!r} 中没有目录中已知的 GPU 服务器；参数扫描会围绕方案中的服务器重新生成方案，请先添加服务器</translation>
    </message>
    <message>
        <source>unknown sweep parameter {param!r}</source>
        <translation>未知的扫描参数 {param!r}</translation>
    </message>
    <message>
        <source>the catalog has no {technology} NIC at {gbps:g} Gb/s; available: {speeds} Gb/s</source>
        <translation>目录中没有 {gbps:g} Gb/s 的 {technology} 网卡；可选速率：{speeds} Gb/s</translation>
    </message>
    <message>
        <source>built as {topology}: {reason}</source>
        <translation>已改用 {topology} 生成：{reason}</translation>
    </message>
    <message>
        <source>none (point-to-point only)</source>
        <translation>无（仅点对点）</translation>
    </message>
    <message>
        <source>NCCL has no {algo!r} algorithm for {op}; choices: {allowed}</source>
        <translation>NCCL 的 {op} 没有 {algo!r} 算法；可选：{allowed}</translation>
    </message>
    <message>
        <source>NVLS needs an NVSwitch with NVLink SHARP (Hopper or later) and nvls=True</source>
        <translation>NVLS 需要支持 NVLink SHARP 的 NVSwitch（Hopper 及以后），且 nvls=True</translation>
    </message>
    <message>
        <source>NVLSTree is disabled on a single node</source>
        <translation>单节点上不启用 NVLSTree</translation>
    </message>
    <message>
        <source>NVLS across nodes needs IB SHARP (sharp=True on InfiniBand) and is AllReduce only</source>
        <translation>跨节点 NVLS 需要 IB SHARP（InfiniBand 上 sharp=True），且仅用于 AllReduce</translation>
    </message>
    <message>
        <source>CollNet needs several nodes on an InfiniBand fabric with SHARP enabled (sharp=True)</source>
        <translation>CollNet 需要多个节点，且位于启用了 SHARP（sharp=True）的 InfiniBand 网络上</translation>
    </message>
    <message>
        <source>PAT runs only with one GPU per node on several nodes</source>
        <translation>PAT 仅在多节点且每节点一块 GPU 时运行</translation>
    </message>
    <message>
        <source>a tree needs at least two ranks</source>
        <translation>tree 算法至少需要两个进程</translation>
    </message>
    <message>
        <source>an NVLink domain of {domain} GPUs is not whole servers of {per_node} GPUs; give a multiple of {per_node}</source>
        <translation>{domain} 个 GPU 的 NVLink 域不是整台服务器（每台 {per_node} 个 GPU）；请给出 {per_node} 的倍数</translation>
    </message>
    <message>
        <source>{gpu} has no NVLink between servers; its NVLink domain is one server ({per_node} GPUs)</source>
        <translation>{gpu} 在服务器之间没有 NVLink；其 NVLink 域为一台服务器（{per_node} 个 GPU）</translation>
    </message>
    <message>
        <source>{gpu}&apos;s NVLink joins at most {largest} GPUs in one domain; give at most {largest}</source>
        <translation>{gpu} 的 NVLink 一个域最多连接 {largest} 个 GPU；请最多给出 {largest}</translation>
    </message>
    <message>
        <source>{nodes} servers do not fill whole NVLink domains of {hosts} servers; use a multiple of {hosts} servers</source>
        <translation>{nodes} 台服务器填不满每域 {hosts} 台服务器的完整 NVLink 域；请使用 {hosts} 的倍数台服务器</translation>
    </message>
    <message>
        <source>a {nodes}-node profile needs nic_id (a catalog NIC id) to describe the network</source>
        <translation>{nodes} 节点的配置需要 nic_id（目录中的网卡 id）来描述网络</translation>
    </message>
    <message>
        <source>unknown collective {op!r}; use one of {choices}</source>
        <translation>未知的集合通信操作 {op!r}；请使用以下之一：{choices}</translation>
    </message>
    <message>
        <source>unknown algorithm {algo!r}; use &apos;auto&apos; or one of {choices}</source>
        <translation>未知的算法 {algo!r}；请使用 &apos;auto&apos; 或以下之一：{choices}</translation>
    </message>
    <message>
        <source>protocol {proto} is not available for {algo} on this profile (available: {choices})</source>
        <translation>此配置下 {algo} 不支持协议 {proto}（可用：{choices}）</translation>
    </message>
    <message>
        <source>{op} runs point-to-point in NCCL; NCCL_ALGO does not apply, use algo=&apos;auto&apos;</source>
        <translation>{op} 在 NCCL 中以点对点方式运行，NCCL_ALGO 不适用；请使用 algo=&apos;auto&apos;</translation>
    </message>
    <message>
        <source>cannot force {algo!r} for {op} on this profile: {reason}</source>
        <translation>此配置下无法为 {op} 强制使用 {algo!r}：{reason}</translation>
    </message>
    <message>
        <source>message size must be a whole number of bytes, got {nbytes!r}</source>
        <translation>消息大小必须是整数字节，当前为 {nbytes!r}</translation>
    </message>
    <message>
        <source>message size must be positive, got {nbytes} bytes</source>
        <translation>消息大小必须为正数，当前为 {nbytes} 字节</translation>
    </message>
    <message>
        <source>unknown protocol {proto!r}; use &apos;auto&apos; or one of {choices}</source>
        <translation>未知的协议 {proto!r}；请使用 &apos;auto&apos; 或以下之一：{choices}</translation>
    </message>
    <message>
        <source>{name}={value!r}: use one of {choices}</source>
        <translation>{name}={value!r}：可选值为 {choices}</translation>
    </message>
    <message>
        <source>{name}={value} is outside {low}..{high}</source>
        <translation>{name}={value} 超出范围 {low}..{high}</translation>
    </message>
    <message>
        <source>{problems}; {more}</source>
        <translation>{problems}；{more}</translation>
    </message>
    <message>
        <source>invalid FabricProfile: {problems}</source>
        <translation>FabricProfile 无效：{problems}</translation>
    </message>
    <message>
        <source>hosts_per_domain={hosts} needs intra=&apos;nvswitch&apos; (an NVLink domain across servers runs through NVLink switches)</source>
        <translation>hosts_per_domain={hosts} 需要 intra=&apos;nvswitch&apos;（跨服务器的 NVLink 域经由 NVLink 交换机）</translation>
    </message>
    <message>
        <source>gpu_name must be a non-empty GPU name such as &apos;H100 SXM5 80GB&apos;</source>
        <translation>gpu_name 必须是非空的 GPU 名称，例如 &apos;H100 SXM5 80GB&apos;</translation>
    </message>
    <message>
        <source>a multi-node job needs NICs</source>
        <translation>多节点任务需要网卡</translation>
    </message>
    <message>
        <source>intra={intra!r} needs nvlink_bidir_gbs &gt; 0 (A100 600, H100 900, B200 1800)</source>
        <translation>intra={intra!r} 需要 nvlink_bidir_gbs &gt; 0（A100 600，H100 900，B200 1800）</translation>
    </message>
    <message>
        <source>nvls=True needs intra=&apos;nvswitch&apos; (NVLink SHARP runs in the NVSwitch)</source>
        <translation>nvls=True 需要 intra=&apos;nvswitch&apos;（NVLink SHARP 在 NVSwitch 中运行）</translation>
    </message>
    <message>
        <source>{name} must be a whole number, got {value!r}</source>
        <translation>{name} 必须是整数，当前为 {value!r}</translation>
    </message>
    <message>
        <source>{name}={value} is outside {low}..{high} ({why})</source>
        <translation>{name}={value} 超出范围 {low}..{high}（{why}）</translation>
    </message>
    <message>
        <source>{name} must be a number, got {value!r}</source>
        <translation>{name} 必须是数字，当前为 {value!r}</translation>
    </message>
    <message>
        <source>nccl-tests output must be text, got {kind}</source>
        <translation>nccl-tests 输出必须是文本，当前为 {kind}</translation>
    </message>
    <message>
        <source>unknown nccl-tests test {hint!r}; use one of {tests} (or the collective: {ops})</source>
        <translation>未知的 nccl-tests 测试 {hint!r}；请使用以下之一：{tests}（或集合通信操作：{ops}）</translation>
    </message>
    <message>
        <source>FSDP shard group {shard} does not divide the data-parallel group {size}; choose a divisor of {size}</source>
        <translation>FSDP 分片组 {shard} 不能整除数据并行组 {size}；请选择 {size} 的约数</translation>
    </message>
    <message>
        <source>first/last pipeline stage layers ({first}, {last}) leave {rest} of {layers} layers for {middle} middle stages; choose counts that leave a multiple of {middle}</source>
        <translation>首/末流水线阶段层数（{first}，{last}）使 {layers} 层中剩余 {rest} 层分给 {middle} 个中间阶段；请选择使剩余层数为 {middle} 的倍数的层数</translation>
    </message>
    <message>
        <source>the planner needs at least one GPU, one sequence per step and one result; got {gpus} GPUs, batch {batch}, top {top}</source>
        <translation>规划器至少需要一个 GPU、每步一个序列和一个结果；收到 {gpus} 个 GPU、批量 {batch}、前 {top} 个</translation>
    </message>
    <message>
        <source>{server}: {reason}</source>
        <translation>{server}：{reason}</translation>
    </message>
    <message>
        <source>{nodes} x {server} would train for {days:,.0f} days, beyond the cost model&apos;s {most} months</source>
        <translation>{nodes} x {server} 需训练 {days:,.0f} 天，超出成本模型的 {most} 个月</translation>
    </message>
    <message>
        <source>no GPU server to search; name catalog servers with --servers</source>
        <translation>没有可搜索的 GPU 服务器；请用 --servers 指定目录服务器</translation>
    </message>
    <message>
        <source>no design up to {max} servers trains {model} in {deadline:g} days: the fastest, {nodes} x {server}, needs {days:,.1f} days; allow {days:,.1f} days, lower the tokens or raise --max-nodes</source>
        <translation>在 {max} 台服务器以内，没有设计能在 {deadline:g} 天内训练完 {model}：最快的 {nodes} x {server} 需要 {days:,.1f} 天；请放宽到 {days:,.1f} 天、减少 token 数或提高 --max-nodes</translation>
    </message>
    <message>
        <source>no design up to {max} servers trains {model} in {deadline:g} days: the fastest, {nodes} x {server}, needs at least {days:,.1f} days; allow that, lower the tokens or raise --max-nodes</source>
        <translation>在 {max} 台服务器以内，没有设计能在 {deadline:g} 天内训练完 {model}：最快的 {nodes} x {server} 至少需要 {days:,.1f} 天；请放宽工期、减少 token 数或提高 --max-nodes</translation>
    </message>
    <message>
        <source>no design fits the budget of {budget:,.0f} {currency}: the cheapest that could train {model} in time, {nodes} x {server}, costs at least {cost:,.0f}; raise the budget above that or relax the deadline</source>
        <translation>没有设计符合 {budget:,.0f} {currency} 的预算：能按时训练 {model} 的最便宜方案 {nodes} x {server} 至少花费 {cost:,.0f}；请把预算提高到此数以上或放宽工期</translation>
    </message>
    <message>
        <source>no design fits the budget of {budget:,.0f} {currency}: the cheapest that trains {model}, {nodes} x {server}, costs {cost:,.0f}; raise the budget to {cost:,.0f} or relax the deadline</source>
        <translation>没有设计符合 {budget:,.0f} {currency} 的预算：能训练 {model} 的最便宜方案 {nodes} x {server} 花费 {cost:,.0f}；请把预算提高到 {cost:,.0f} 或放宽工期</translation>
    </message>
    <message>
        <source>{model} fits no layout on any searched design up to {nodes} servers (GPU memory, or a global batch of {batch} too small to split); raise --max-nodes or the global batch</source>
        <translation>在 {nodes} 台服务器以内的所有搜索设计上，{model} 都没有可行布局（GPU 显存不足，或全局批大小 {batch} 太小无法切分）；请提高 --max-nodes 或全局批大小</translation>
    </message>
    <message>
        <source>the design has no GPU fabric to plan on ({reason}); add GPU servers and cable them to fabric switches</source>
        <translation>设计没有可供规划的 GPU 网络（{reason}）；请添加 GPU 服务器并连接到网络交换机</translation>
    </message>
    <message>
        <source>the job asks for {gpus} GPUs but the design&apos;s largest group of connected servers has {ranks}; ask for 1 to {ranks}</source>
        <translation>作业需要 {gpus} 个 GPU，但设计中最大的互连服务器组只有 {ranks} 个；请指定 1 到 {ranks}</translation>
    </message>
    <message>
        <source>give a deadline in days, a budget, or both: the search ranks designs against them</source>
        <translation>请给出以天计的工期、预算或两者：搜索据此为设计排序</translation>
    </message>
    <message>
        <source>the global batch is {batch!r}; give a whole number of sequences ≥ 1</source>
        <translation>全局批大小为 {batch!r}；请给出 ≥ 1 的整数序列数</translation>
    </message>
    <message>
        <source>pay {pay!r}: choose one of {choices}</source>
        <translation>付费方式 {pay!r}：请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>renting needs a rent price: give the rent per GPU-month</source>
        <translation>租用需要租金：请给出每 GPU 每月租金</translation>
    </message>
    <message>
        <source>the cloud option needs a price: give the cloud price per GPU-hour</source>
        <translation>云上方式需要价格：请给出每 GPU 小时的云上价格</translation>
    </message>
    <message>
        <source>max nodes {nodes!r}: give 1 to {most}</source>
        <translation>最大节点数 {nodes!r}：请给出 1 到 {most}</translation>
    </message>
    <message>
        <source>topology {topology!r}: choose one of {choices}</source>
        <translation>拓扑 {topology!r}：请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>{name} is {value!r}; give a number from {low:g} to {high:g}</source>
        <translation>{name} 为 {value!r}；请给出 {low:g} 到 {high:g} 之间的数</translation>
    </message>
    <message>
        <source>{id!r} is not a catalog {kind}; see cluster-planner catalog list</source>
        <translation>{id!r} 不是目录中的 {kind}；请查看 cluster-planner catalog list</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>the link speed, {a} vs {b} Gb/s per NIC</source>
        <translation>链路速率：每块网卡 {a} 对 {b} Gb/s</translation>
    </message>
    <message>
        <source>the transport, {a} vs {b}</source>
        <translation>传输方式：{a} 对 {b}</translation>
    </message>
    <message>
        <source>the NICs per node, {a} vs {b}</source>
        <translation>每节点网卡数：{a} 对 {b}</translation>
    </message>
    <message>
        <source>GPUDirect RDMA, {a} vs {b}</source>
        <translation>GPUDirect RDMA：{a} 对 {b}</translation>
    </message>
    <message>
        <source>the oversubscription, {a} vs {b}</source>
        <translation>收敛比：{a} 对 {b}</translation>
    </message>
    <message>
        <source>the switch hops, {a} vs {b}</source>
        <translation>交换机跳数：{a} 对 {b}</translation>
    </message>
    <message>
        <source>the PCIe links, Gen{a} vs Gen{b}</source>
        <translation>PCIe 链路：Gen{a} 对 Gen{b}</translation>
    </message>
    <message>
        <source>the GPUs and NVLink, {a} vs {b}</source>
        <translation>GPU 与 NVLink：{a} 对 {b}</translation>
    </message>
    <message>
        <source>the scale, {a} vs {b} GPUs</source>
        <translation>规模：{a} 对 {b} 块 GPU</translation>
    </message>
    <message>
        <source>{first}, and {second}</source>
        <translation>{first}，以及{second}</translation>
    </message>
    <message>
        <source>AllReduce busbw at 1 GiB, {busbw_a:.1f} GB/s (A) vs {busbw_b:.1f} GB/s (B): the difference is {reason} (A with B&apos;s alone: {alone:.1f} GB/s).</source>
        <translation>1 GiB AllReduce 总线带宽 {busbw_a:.1f} GB/s（A）对 {busbw_b:.1f} GB/s（B）：差异来自{reason}（A 只换成 B 的这一项：{alone:.1f} GB/s）。</translation>
    </message>
</context>
<context>
    <name>ExportPdfDialog</name>
    <message>
        <source>Export PDF proposal</source>
        <translation>导出 PDF 方案书</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>The Chinese font could not be loaded, so a Chinese PDF cannot be written here; reinstall Cluster Planner or pick English.</source>
        <translation>无法加载中文字体，因此无法在此导出中文 PDF；请重新安装 Cluster Planner，或选择英文。</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Save to:</source>
        <translation>保存到：</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>Paper:</source>
        <translation>纸张：</translation>
    </message>
    <message>
        <source>Replace file?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>{path} already exists. Replace it?</source>
        <translation>{path} 已存在，是否替换？</translation>
    </message>
    <message>
        <source>Export PDF as</source>
        <translation>PDF 导出为</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>Cluster Planner designs (*{suffix});;All files (*)</source>
        <translation>集群规划方案 (*{suffix});;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open design</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <source>Cannot open design</source>
        <translation>无法打开方案</translation>
    </message>
    <message>
        <source>Design opened with warnings</source>
        <translation>方案已打开（有警告）</translation>
    </message>
    <message>
        <source>Save design as</source>
        <translation>方案另存为</translation>
    </message>
    <message>
        <source>Cannot save design</source>
        <translation>无法保存方案</translation>
    </message>
    <message>
        <source>{path} was changed on disk by another window or program. Your unsaved changes are kept; when you save, you will be asked whether to overwrite the other version.

Reload the file from disk and discard your changes?</source>
        <translation>{path} 已被另一个窗口或程序在磁盘上更改。您未保存的更改仍然保留；保存时会询问是否覆盖另一个版本。

从磁盘重新加载该文件并放弃您的更改吗？</translation>
    </message>
    <message>
        <source>{path} was changed on disk by another window or program. Reload it?</source>
        <translation>{path} 已被另一个窗口或程序在磁盘上更改。要重新加载吗？</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>磁盘上的文件已更改</translation>
    </message>
    <message>
        <source>a new design</source>
        <translation>新方案</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>Save the changes to {name} ({where})?</source>
        <translation>是否保存对 {name}（{where}）的修改？</translation>
    </message>
    <message>
        <source>{path}: no such file; removed from the list</source>
        <translation>{path}: 文件不存在，已从列表中移除</translation>
    </message>
    <message>
        <source>{path} was changed on disk after you opened it (another window, program or person saved it).

Save As keeps both versions; Overwrite replaces the other version with yours (the other stays in {name}.bak).</source>
        <translation>{path} 在您打开之后已在磁盘上被更改（另一个窗口、程序或他人保存了它）。

“另存为”会保留两个版本；“覆盖”会用您的版本替换另一个版本（另一个版本保存在 {name}.bak 中）。</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>{path} cannot be opened:</source>
        <translation>无法打开 {path}：</translation>
    </message>
    <message>
        <source>… and {n} more problem</source>
        <translation>… 另有 {n} 个问题</translation>
    </message>
    <message>
        <source>… and {n} more problems</source>
        <translation>… 另有 {n} 个问题</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <source>{n} day</source>
        <translation>{n} 天</translation>
    </message>
    <message>
        <source>{n} days</source>
        <translation>{n} 天</translation>
    </message>
    <message>
        <source>never</source>
        <translation>不会</translation>
    </message>
    <message>
        <source>{n}-month</source>
        <translation>{n} 个月的</translation>
    </message>
    <message>
        <source>1 month</source>
        <translation>1 个月</translation>
    </message>
    <message>
        <source>{n} months</source>
        <translation>{n} 个月</translation>
    </message>
</context>
<context>
    <name>HelpWindow</name>
    <message>
        <source>User guide</source>
        <translation>使用指南</translation>
    </message>
    <message>
        <source>Analyze json</source>
        <translation>analyze JSON 输出</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>软件架构</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>硬件目录</translation>
    </message>
    <message>
        <source>Compare and acceptance</source>
        <translation>方案对比与验收</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>示例方案</translation>
    </message>
    <message>
        <source>File format</source>
        <translation>文件格式</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>计算模型总览</translation>
    </message>
    <message>
        <source>Reliability</source>
        <translation>可靠性</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Power cooling</source>
        <translation>功耗与散热</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>网络拓扑</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Cluster Planner Help</source>
        <translation>智算集群规划帮助</translation>
    </message>
    <message>
        <source>Model: {}</source>
        <translation>模型说明：{}</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <source>&lt;b&gt;Design&lt;/b&gt; — {name}</source>
        <translation>&lt;b&gt;方案&lt;/b&gt; — {name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{n} items&lt;/b&gt; of different kinds: select one kind to edit</source>
        <translation>&lt;b&gt;{n} 个对象&lt;/b&gt;类型不同：请只选择一种类型进行编辑</translation>
    </message>
    <message>
        <source>racks</source>
        <translation>个机柜</translation>
    </message>
    <message>
        <source>devices</source>
        <translation>台设备</translation>
    </message>
    <message>
        <source>links</source>
        <translation>条链路</translation>
    </message>
    <message>
        <source>&lt;b&gt;{n} {noun}&lt;/b&gt; — edits apply to all</source>
        <translation>&lt;b&gt;{n} {noun}&lt;/b&gt; — 修改将应用到全部</translation>
    </message>
    <message>
        <source>Remove training workload</source>
        <translation>移除训练任务</translation>
    </message>
    <message>
        <source>Add a training workload</source>
        <translation>添加训练任务</translation>
    </message>
    <message>
        <source>{label}: {text} is not a whole number</source>
        <translation>{label}：{text} 不是整数</translation>
    </message>
    <message>
        <source>{label}: {text} is not a number</source>
        <translation>{label}：{text} 不是数字</translation>
    </message>
    <message>
        <source>{label}: {text} is not a finite number</source>
        <translation>{label}：{text} 不是有限数值</translation>
    </message>
    <message>
        <source>{label} ({unit})</source>
        <translation>{label}（{unit}）</translation>
    </message>
    <message>
        <source>(mixed)</source>
        <translation>（多个值）</translation>
    </message>
    <message>
        <source>Air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>Rear-door heat exchanger</source>
        <translation>背板换热器（冷背门）</translation>
    </message>
    <message>
        <source>Direct liquid (cold plates)</source>
        <translation>冷板式液冷</translation>
    </message>
    <message>
        <source>DAC (passive copper)</source>
        <translation>DAC（无源铜缆）</translation>
    </message>
    <message>
        <source>ACC (active copper)</source>
        <translation>ACC（有源铜缆）</translation>
    </message>
    <message>
        <source>AOC (active optical)</source>
        <translation>AOC（有源光缆）</translation>
    </message>
    <message>
        <source>Multimode optics (SR)</source>
        <translation>多模光模块（SR）</translation>
    </message>
    <message>
        <source>Single-mode optics (DR/FR)</source>
        <translation>单模光模块（DR/FR）</translation>
    </message>
    <message>
        <source>Twisted pair (RJ45)</source>
        <translation>双绞线（RJ45）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>不重计算</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全重计算</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Row label on the floor plan, e.g. A</source>
        <translation>机房平面图上的列编号，例如 A</translation>
    </message>
    <message>
        <source>Position in row</source>
        <translation>列内位置</translation>
    </message>
    <message>
        <source>1 is the leftmost rack of the row</source>
        <translation>1 表示该列最左侧的机柜</translation>
    </message>
    <message>
        <source>Height (U)</source>
        <translation>高度（U）</translation>
    </message>
    <message>
        <source>Power budget (kW)</source>
        <translation>功率预算（kW）</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散热方式</translation>
    </message>
    <message>
        <source>Cooling capacity (kW)</source>
        <translation>制冷量（kW）</translation>
    </message>
    <message>
        <source>catalog figure for the cooling type</source>
        <translation>按散热方式取目录值</translation>
    </message>
    <message>
        <source>Leave empty to use the catalog&apos;s capacity for this cooling type</source>
        <translation>留空则使用目录中该散热方式的制冷量</translation>
    </message>
    <message>
        <source>End A</source>
        <translation>A 端</translation>
    </message>
    <message>
        <source>End B</source>
        <translation>B 端</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>介质</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Design name</source>
        <translation>方案名称</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>客户</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>组网</translation>
    </message>
    <message>
        <source>GPUDirect RDMA</source>
        <translation>GPUDirect RDMA</translation>
    </message>
    <message>
        <source>SHARP (in-network reduction)</source>
        <translation>SHARP（网内归约）</translation>
    </message>
    <message>
        <source>Adaptive routing</source>
        <translation>自适应路由</translation>
    </message>
    <message>
        <source>RoCE congestion control</source>
        <translation>RoCE 拥塞控制</translation>
    </message>
    <message>
        <source>NCCL version</source>
        <translation>NCCL 版本</translation>
    </message>
    <message>
        <source>Training workload</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation>全局批大小（序列数）</translation>
    </message>
    <message>
        <source>Micro batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Activation recompute</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Project length (months)</source>
        <translation>项目周期（月）</translation>
    </message>
    <message>
        <source>Electricity (per kWh)</source>
        <translation>电价（每 kWh）</translation>
    </message>
    <message>
        <source>Rent per GPU-month</source>
        <translation>每 GPU 每月租金</translation>
    </message>
    <message>
        <source>not quoted</source>
        <translation>未报价</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>from the racks&apos; cooling</source>
        <translation>按机柜散热方式估算</translation>
    </message>
    <message>
        <source>Tax rate (VAT, e.g. 0.13)</source>
        <translation>税率（增值税，例如 0.13）</translation>
    </message>
    <message>
        <source>Prices include tax</source>
        <translation>价格含税</translation>
    </message>
    <message>
        <source>Quote valid until</source>
        <translation>报价有效期至</translation>
    </message>
    <message>
        <source>A date written YYYY-MM-DD, or empty</source>
        <translation>YYYY-MM-DD 格式的日期，或留空</translation>
    </message>
    <message>
        <source>Support per year (share of hardware)</source>
        <translation>每年技术支持（占硬件价格比例）</translation>
    </message>
    <message>
        <source>Hardware warranty (years)</source>
        <translation>硬件保修（年）</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Catalog price</source>
        <translation>目录价格</translation>
    </message>
    <message>
        <source>not in the catalog</source>
        <translation>目录中没有</translation>
    </message>
    <message>
        <source>The catalog&apos;s list price in the design&apos;s currency, at the exchange rate of its cost settings</source>
        <translation>目录中的标价，按方案成本设置中的汇率换算为方案币种</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Lowest U</source>
        <translation>起始 U 位</translation>
    </message>
    <message>
        <source>U position of the device&apos;s bottom, 1 at the rack&apos;s floor</source>
        <translation>设备底部所在的 U 位，机柜最底部为 1</translation>
    </message>
    <message>
        <source>Compute NIC</source>
        <translation>计算网卡</translation>
    </message>
    <message>
        <source>Compute NICs fitted</source>
        <translation>已装计算网卡数</translation>
    </message>
    <message>
        <source>server default</source>
        <translation>服务器默认值</translation>
    </message>
    <message>
        <source>(not in a rack)</source>
        <translation>（未上架）</translation>
    </message>
</context>
<context>
    <name>LinkColouringBar</name>
    <message>
        <source>Colour links by:</source>
        <translation>链路着色依据：</translation>
    </message>
    <message>
        <source>load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>rail</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Load: the share of each link&apos;s line rate the largest job&apos;s 1 GiB AllReduce uses, as the collective model predicts it</source>
        <translation>负载：按集合通信模型预测，最大任务做 1 GiB AllReduce 时每条链路线速的占用比例</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>groups</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>every device</source>
        <translation>全部设备</translation>
    </message>
    <message>
        <source>Groups: tiers, pods and rails as blocks with their link bundles (click one to open it); every device: the full picture</source>
        <translation>分组：层级、Pod 和轨道显示为方块及其链路束（单击可展开）；全部设备：完整拓扑图</translation>
    </message>
    <message>
        <source>Share of each link&apos;s line rate in use: amber from {amber} (queueing delay grows), red from {red} (the link is saturated)</source>
        <translation>每条链路线速的占用比例：{amber} 起为琥珀色（排队时延增加），{red} 起为红色（链路饱和）</translation>
    </message>
    <message>
        <source>not modelled</source>
        <translation>未建模</translation>
    </message>
    <message>
        <source>Rail {n}</source>
        <translation>轨道 {n}</translation>
    </message>
</context>
<context>
    <name>Load</name>
    <message>
        <source>{count:,} racks is more than the {limit:,} this version opens; split the design into parts</source>
        <translation>{count:,} 个机柜超过本版本可打开的上限 {limit:,}；请把方案拆成几部分</translation>
    </message>
    <message>
        <source>{count:,} devices is more than the {limit:,} this version opens; split the design into parts</source>
        <translation>{count:,} 台设备超过本版本可打开的上限 {limit:,}；请把方案拆成几部分</translation>
    </message>
    <message>
        <source>{count:,} links is more than the {limit:,} this version opens; split the design into parts</source>
        <translation>{count:,} 条链路超过本版本可打开的上限 {limit:,}；请把方案拆成几部分</translation>
    </message>
    <message>
        <source>{count:,} variants is more than the {limit} this version opens; keep the others in separate files</source>
        <translation>{count:,} 个变体超过本版本可打开的上限 {limit}；其余变体请存为单独的文件</translation>
    </message>
    <message>
        <source>{path} (all variants)</source>
        <translation>{path}（所有变体合计）</translation>
    </message>
    <message>
        <source>a variant cannot hold variants of its own; remove this list</source>
        <translation>变体不能再包含自己的变体；请删除此列表</translation>
    </message>
    <message>
        <source>variants {first!r} and {second!r} both say they are the file&apos;s own design (&quot;design&quot;: null); give one its design</source>
        <translation>变体 {first!r} 和 {second!r} 都标为文件本身的方案（&quot;design&quot;: null）；请给其中一个填入方案</translation>
    </message>
    <message>
        <source>no variant is the file&apos;s own design; mark one with &quot;design&quot;: null</source>
        <translation>没有哪个变体是文件本身的方案；请把其中一个标为 &quot;design&quot;: null</translation>
    </message>
    <message>
        <source>{count} link could not be loaded because a device it connects is invalid</source>
        <translation>{count} 条链路无法加载，因为它连接的设备无效</translation>
    </message>
    <message>
        <source>{count} links could not be loaded because a device they connect is invalid</source>
        <translation>{count} 条链路无法加载，因为它们连接的设备无效</translation>
    </message>
    <message>
        <source>{value!r} must be a date written YYYY-MM-DD (e.g. 2027-03-31), or empty</source>
        <translation>{value!r} 须为 YYYY-MM-DD 格式的日期（例如 2027-03-31），或留空</translation>
    </message>
    <message>
        <source>{u} is above the rack height {height}</source>
        <translation>{u} 超出机柜高度 {height}</translation>
    </message>
    <message>
        <source>unknown catalog id {catalog_id!r}; kept as an opaque 1 U device</source>
        <translation>未知的目录 ID {catalog_id!r}；按不透明的 1U 设备保留</translation>
    </message>
    <message>
        <source>unknown NIC id {nic_id!r}: the server&apos;s default NIC is used in the analysis, and the id is kept in the file</source>
        <translation>未知的网卡 id {nic_id!r}：分析中使用该服务器的默认网卡，该 id 仍保留在文件中</translation>
    </message>
    <message>
        <source>key {key!r} appears twice</source>
        <translation>键 {key!r} 出现了两次</translation>
    </message>
    <message>
        <source>key {key!r} appears {count} times</source>
        <translation>键 {key!r} 出现了 {count} 次</translation>
    </message>
    <message>
        <source>not a Cluster Planner design (expected &quot;format&quot;: &quot;{format}&quot;)</source>
        <translation>不是智算集群规划的方案文件（应有 &quot;format&quot;: &quot;{format}&quot;）</translation>
    </message>
    <message>
        <source>stopped reading after {count} problems</source>
        <translation>发现 {count} 个问题后已停止读取</translation>
    </message>
    <message>
        <source>{problem} (and {count} more problem)</source>
        <translation>{problem}（另有 {count} 个问题）</translation>
    </message>
    <message>
        <source>{problem} (and {count} more problems)</source>
        <translation>{problem}（另有 {count} 个问题）</translation>
    </message>
    <message>
        <source>... and {count} more warning</source>
        <translation>……另有 {count} 条警告</translation>
    </message>
    <message>
        <source>... and {count} more warnings</source>
        <translation>……另有 {count} 条警告</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>permission denied; check the file&apos;s access rights</source>
        <translation>没有权限；请检查文件的访问权限</translation>
    </message>
    <message>
        <source>cannot be read ({reason})</source>
        <translation>无法读取（{reason}）</translation>
    </message>
    <message>
        <source>is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>is not UTF-8 text (bad byte at offset {offset}); is it a .cluster file?</source>
        <translation>不是 UTF-8 文本（偏移 {offset} 处有无效字节）；确定是 .cluster 文件吗？</translation>
    </message>
    <message>
        <source>holds about {count:,} JSON objects and lists, more than the {limit:,} any design within this version&apos;s limits has; the file is damaged or not a design</source>
        <translation>包含约 {count:,} 个 JSON 对象和列表，超过本版本限制内任何方案可能有的 {limit:,} 个；文件已损坏或不是方案文件</translation>
    </message>
    <message>
        <source>nests far too deeply to be a design; the file is damaged or hostile</source>
        <translation>嵌套层数过深，不可能是方案文件；文件已损坏或为恶意文件</translation>
    </message>
    <message>
        <source>is not valid JSON: {reason} at line {line} column {column}</source>
        <translation>不是有效的 JSON：{reason}（第 {line} 行第 {column} 列）</translation>
    </message>
    <message>
        <source>is not valid JSON: {reason}</source>
        <translation>不是有效的 JSON：{reason}</translation>
    </message>
    <message>
        <source>Expecting value</source>
        <translation>此处应为一个值</translation>
    </message>
    <message>
        <source>Expecting &apos;,&apos; delimiter</source>
        <translation>此处应为分隔符 &apos;,&apos;</translation>
    </message>
    <message>
        <source>Expecting &apos;:&apos; delimiter</source>
        <translation>此处应为分隔符 &apos;:&apos;</translation>
    </message>
    <message>
        <source>Expecting property name enclosed in double quotes</source>
        <translation>此处应为用双引号括起的键名</translation>
    </message>
    <message>
        <source>Unterminated string starting at</source>
        <translation>字符串没有结束（从此处开始）</translation>
    </message>
    <message>
        <source>Invalid control character at</source>
        <translation>字符串中有无效的控制字符</translation>
    </message>
    <message>
        <source>Invalid \escape</source>
        <translation>无效的 \ 转义</translation>
    </message>
    <message>
        <source>Invalid \uXXXX escape</source>
        <translation>无效的 \uXXXX 转义</translation>
    </message>
    <message>
        <source>Extra data</source>
        <translation>有多余的内容</translation>
    </message>
    <message>
        <source>Illegal trailing comma before end of object</source>
        <translation>对象末尾有多余的逗号</translation>
    </message>
    <message>
        <source>Illegal trailing comma before end of array</source>
        <translation>数组末尾有多余的逗号</translation>
    </message>
    <message>
        <source>{name} is not a number JSON allows</source>
        <translation>{name} 不是 JSON 允许的数字</translation>
    </message>
    <message>
        <source>schema_version {version} must be a whole number of 1 or more</source>
        <translation>schema_version {version} 必须是不小于 1 的整数</translation>
    </message>
    <message>
        <source>this file was written by a newer Cluster Planner (schema {version}; this version reads up to {current}); update Cluster Planner to open it</source>
        <translation>此文件由更新版本的智算集群规划保存（schema {version}；本版本最高读取 {current}）；请升级智算集群规划后再打开</translation>
    </message>
    <message>
        <source>no migration from schema {version} to {next}</source>
        <translation>没有从 schema {version} 到 {next} 的迁移</translation>
    </message>
    <message>
        <source>{start}... ({count} characters)</source>
        <translation>{start}...（共 {count} 个字符）</translation>
    </message>
    <message>
        <source>expected an object, got {type}</source>
        <translation>应为对象，实际为{type}</translation>
    </message>
    <message>
        <source>missing (expected an object)</source>
        <translation>缺失（应为对象）</translation>
    </message>
    <message>
        <source>expected a whole number, got {value}</source>
        <translation>应为整数，实际为 {value}</translation>
    </message>
    <message>
        <source>{value} is outside {low}..{high}</source>
        <translation>{value} 超出范围 {low}..{high}</translation>
    </message>
    <message>
        <source>expected a number, got {value}</source>
        <translation>应为数字，实际为 {value}</translation>
    </message>
    <message>
        <source>{value} is outside {low:g}..{high:g}</source>
        <translation>{value} 超出范围 {low:g}..{high:g}</translation>
    </message>
    <message>
        <source>expected true or false, got {value}</source>
        <translation>应为 true 或 false，实际为 {value}</translation>
    </message>
    <message>
        <source>{value} is not one of {allowed}</source>
        <translation>{value} 不是 {allowed} 之一</translation>
    </message>
    <message>
        <source>expected an object of numbers, got {type}</source>
        <translation>应为以数字为值的对象，实际为{type}</translation>
    </message>
    <message>
        <source>expected an object of text values, got {type}</source>
        <translation>应为以文本为值的对象，实际为{type}</translation>
    </message>
    <message>
        <source>{count} entries is more than the {limit} allowed</source>
        <translation>{count} 个条目超过上限 {limit}</translation>
    </message>
    <message>
        <source>key {key}: {problem}</source>
        <translation>键 {key}：{problem}</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>is null; this value is needed (give it a value or remove the whole entry)</source>
        <translation>为 null；此处需要一个值（请填写该值，或删除整个条目）</translation>
    </message>
    <message>
        <source>is null; the default {default} is used</source>
        <translation>为 null；已使用默认值 {default}</translation>
    </message>
    <message>
        <source>text of {count} characters is longer than {limit}</source>
        <translation>文本长 {count} 个字符，超过上限 {limit}</translation>
    </message>
    <message>
        <source>contains an unpaired surrogate \u{code:04x} at character {index}; the text is damaged (retype it)</source>
        <translation>第 {index} 个字符处有未配对的代理码 \u{code:04x}；文本已损坏（请重新输入）</translation>
    </message>
    <message>
        <source>expected a list, got {type}</source>
        <translation>应为列表，实际为{type}</translation>
    </message>
    <message>
        <source>expected text, got {type}</source>
        <translation>应为文本，实际为{type}</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>true/false</source>
        <translation>true/false</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>{start}... ({count} digits)</source>
        <translation>{start}...（共 {count} 位）</translation>
    </message>
    <message>
        <source>UTF-16 text; save it as UTF-8</source>
        <translation>UTF-16 编码的文本；请另存为 UTF-8</translation>
    </message>
    <message>
        <source>a PDF document</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <source>a zip archive (or an .xlsx/.docx/.pptx file, which are zip archives)</source>
        <translation>zip 压缩包（或 .xlsx/.docx/.pptx 文件，它们都是 zip 压缩包）</translation>
    </message>
    <message>
        <source>an empty zip archive</source>
        <translation>空的 zip 压缩包</translation>
    </message>
    <message>
        <source>a gzip-compressed file; decompress it first</source>
        <translation>gzip 压缩文件；请先解压</translation>
    </message>
    <message>
        <source>a bzip2-compressed file; decompress it first</source>
        <translation>bzip2 压缩文件；请先解压</translation>
    </message>
    <message>
        <source>an xz-compressed file; decompress it first</source>
        <translation>xz 压缩文件；请先解压</translation>
    </message>
    <message>
        <source>a 7-Zip archive</source>
        <translation>7-Zip 压缩包</translation>
    </message>
    <message>
        <source>a RAR archive</source>
        <translation>RAR 压缩包</translation>
    </message>
    <message>
        <source>a PNG image</source>
        <translation>PNG 图片</translation>
    </message>
    <message>
        <source>a JPEG image</source>
        <translation>JPEG 图片</translation>
    </message>
    <message>
        <source>a GIF image</source>
        <translation>GIF 图片</translation>
    </message>
    <message>
        <source>an old-style Office document (.xls/.doc)</source>
        <translation>旧版 Office 文档（.xls/.doc）</translation>
    </message>
    <message>
        <source>an SQLite database</source>
        <translation>SQLite 数据库</translation>
    </message>
    <message>
        <source>a program (ELF executable)</source>
        <translation>程序（ELF 可执行文件）</translation>
    </message>
    <message>
        <source>a Windows program</source>
        <translation>Windows 程序</translation>
    </message>
    <message>
        <source>a Python pickle, which Cluster Planner never opens (it could run code)</source>
        <translation>Python pickle 文件，智算集群规划从不打开这类文件（它可能执行代码）</translation>
    </message>
    <message>
        <source>is {name} and is not valid JSON; it is not a Cluster Planner design</source>
        <translation>是{name}，不是有效的 JSON，也不是智算集群规划的方案文件</translation>
    </message>
    <message>
        <source>is a folder, not a .cluster file</source>
        <translation>是文件夹，不是 .cluster 文件</translation>
    </message>
    <message>
        <source>is not a regular file (a device, pipe or socket); choose a .cluster file</source>
        <translation>不是普通文件（而是设备、管道或套接字）；请选择 .cluster 文件</translation>
    </message>
    <message>
        <source>is over {limit} MB ({size:.0f} MB read); files that large are refused</source>
        <translation>超过 {limit} MB（已读取 {size:.0f} MB）；不打开这么大的文件</translation>
    </message>
    <message>
        <source>results {path!r} is a folder; give the text file nccl-tests wrote</source>
        <translation>结果 {path!r} 是一个文件夹；请给出 nccl-tests 写出的文本文件</translation>
    </message>
    <message>
        <source>results {path!r} is not a regular file (a device, pipe or socket); save the nccl-tests output to a file and give that</source>
        <translation>结果 {path!r} 不是普通文件（设备、管道或套接字）；请把 nccl-tests 的输出保存到文件再给出该文件</translation>
    </message>
    <message>
        <source>results {path!r}: {reason}</source>
        <translation>结果 {path!r}：{reason}</translation>
    </message>
    <message>
        <source>results {path!r} cannot be read ({reason})</source>
        <translation>无法读取结果 {path!r}（{reason}）</translation>
    </message>
    <message>
        <source>results {path!r} is {mib} MiB; nccl-tests output is a few kB per test: is this the right file?</source>
        <translation>结果 {path!r} 有 {mib} MiB；nccl-tests 每个测试的输出只有几 kB：文件是否正确？</translation>
    </message>
    <message>
        <source>unknown key, ignored and not kept (too large, too deep or too many here){hint}</source>
        <translation>未知的键，已忽略且不保留（过大、嵌套过深或此处过多）{hint}</translation>
    </message>
    <message>
        <source>unknown key, ignored here but kept in the file{hint}</source>
        <translation>未知的键，此处忽略但会保留在文件中{hint}</translation>
    </message>
    <message>
        <source>unknown key, ignored and not kept (too many parts of this file hold unknown keys){hint}</source>
        <translation>未知的键，已忽略且不保留（此文件中含未知键的部件过多）{hint}</translation>
    </message>
    <message>
        <source>; did you mean {key!r}?</source>
        <translation>；您是不是指 {key!r}？</translation>
    </message>
</context>
<context>
    <name>MainMenus</name>
    <message>
        <source>&amp;New…</source>
        <translation>新建(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Find Hardware</source>
        <translation>查找硬件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Compare Designs…</source>
        <translation>方案对比(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Sweep a Parameter…</source>
        <translation>参数扫描(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Acceptance (nccl-tests)…</source>
        <translation>验收（nccl-tests）(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Plan Training…</source>
        <translation>规划训练(&amp;P)…</translation>
    </message>
    <message>
        <source>Pr&amp;eferences…</source>
        <translation>首选项(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Documentation</source>
        <translation>使用文档(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;About Cluster Planner</source>
        <translation>关于智算集群规划(&amp;A)</translation>
    </message>
    <message>
        <source>(no recent designs)</source>
        <translation>（无最近方案）</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <source>Dup&amp;licate</source>
        <translation>创建副本(&amp;L)</translation>
    </message>
    <message>
        <source>Propert&amp;ies</source>
        <translation>属性(&amp;I)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>(opened design)</source>
        <translation>（打开的方案）</translation>
    </message>
    <message>
        <source>Undo history</source>
        <translation>撤销历史</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>计算结果</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>not saved yet</source>
        <translation>尚未保存</translation>
    </message>
    <message>
        <source>Cluster Planner</source>
        <translation>智算集群规划</translation>
    </message>
    <message>
        <source>&amp;Rack Elevation</source>
        <translation>机柜立面图(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Topology</source>
        <translation>拓扑图(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Side by Side</source>
        <translation>并排(&amp;S)</translation>
    </message>
    <message>
        <source>Stac&amp;ked</source>
        <translation>叠放(&amp;K)</translation>
    </message>
    <message>
        <source>Nothing to paste: copy racks or devices first</source>
        <translation>没有可粘贴的内容：请先复制机柜或设备</translation>
    </message>
    <message>
        <source>the clipboard</source>
        <translation>剪贴板</translation>
    </message>
</context>
<context>
    <name>Model</name>
    <message>
        <source>id {id!r} is already used in this design</source>
        <translation>ID {id!r} 已在此方案中使用</translation>
    </message>
    <message>
        <source>cannot shrink to {height} U: device {device!r} reaches U{top}</source>
        <translation>无法缩小到 {height}U：设备 {device!r} 占用到 U{top}</translation>
    </message>
    <message>
        <source>{where} catalog_id</source>
        <translation>{where} 的 catalog_id</translation>
    </message>
    <message>
        <source>rack_id and u must be given together (or neither, for an unplaced device)</source>
        <translation>rack_id 和 u 必须同时给出（未上架的设备则都不填）</translation>
    </message>
    <message>
        <source>{where} nvlink_domain</source>
        <translation>{where} 的 nvlink_domain</translation>
    </message>
    <message>
        <source>rack and U must be given together</source>
        <translation>机柜和 U 位必须同时给出</translation>
    </message>
    <message>
        <source>a {height} U device at U{u} reaches U{top}, above the rack height {rack_height} U of rack {rack!r}; place it at U{highest} or lower</source>
        <translation>{height}U 设备放在 U{u} 会到达 U{top}，超出机柜 {rack!r} 的高度 {rack_height}U；请放在 U{highest} 或更低的位置</translation>
    </message>
    <message>
        <source>U{u}-U{top} of rack {rack!r} overlaps device {device!r}</source>
        <translation>机柜 {rack!r} 的 U{u}-U{top} 与设备 {device!r} 重叠</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>device {device!r} has no port {port!r} (ports: {names}...)</source>
        <translation>设备 {device!r} 没有端口 {port!r}（端口：{names}...）</translation>
    </message>
    <message>
        <source>length_m {length!r} must be a number from 0 to 100000</source>
        <translation>length_m {length!r} 必须是 0 到 100000 之间的数</translation>
    </message>
    <message>
        <source>both ends are on device {device!r}; a link joins two different devices</source>
        <translation>两端都在设备 {device!r} 上；链路必须连接两台不同的设备</translation>
    </message>
    <message>
        <source>{a} is {tech_a} but {b} is {tech_b}; they cannot be linked</source>
        <translation>{a} 是 {tech_a}，而 {b} 是 {tech_b}，两者无法互连</translation>
    </message>
    <message>
        <source>port {port} already carries link {link!r}</source>
        <translation>端口 {port} 上已有链路 {link!r}</translation>
    </message>
    <message>
        <source>no link {link!r} in this design</source>
        <translation>此方案中没有链路 {link!r}</translation>
    </message>
    <message>
        <source>{n} device is not in a rack yet</source>
        <translation>{n} 台设备尚未上架</translation>
    </message>
    <message>
        <source>{n} devices are not in a rack yet</source>
        <translation>{n} 台设备尚未上架</translation>
    </message>
    <message>
        <source>{n} device names hardware not in the catalog</source>
        <translation>{n} 台设备引用的硬件不在硬件目录中</translation>
    </message>
    <message>
        <source>{n} devices name hardware not in the catalog</source>
        <translation>{n} 台设备引用的硬件不在硬件目录中</translation>
    </message>
    <message>
        <source>link {link} joins a {a:g}G port to a {b:g}G port; it runs at {slow:g}G</source>
        <translation>链路 {link} 连接 {a:g}G 端口与 {b:g}G 端口；实际按 {slow:g}G 运行</translation>
    </message>
    <message>
        <source>no rack {rack!r} in this design</source>
        <translation>此方案中没有机柜 {rack!r}</translation>
    </message>
    <message>
        <source>no device {device!r} in this design</source>
        <translation>此方案中没有设备 {device!r}</translation>
    </message>
    <message>
        <source>{name} {value!r} must be a whole number from {low} to {maximum}</source>
        <translation>{name} {value!r} 必须是 {low} 到 {maximum} 之间的整数</translation>
    </message>
    <message>
        <source>{name} {value!r} must be a number above 0 and at most {maximum:g}</source>
        <translation>{name} {value!r} 必须是大于 0 且不大于 {maximum:g} 的数</translation>
    </message>
    <message>
        <source>rack {id!r}</source>
        <translation>机柜 {id!r}</translation>
    </message>
    <message>
        <source>device {id!r}</source>
        <translation>设备 {id!r}</translation>
    </message>
    <message>
        <source>link {id!r}</source>
        <translation>链路 {id!r}</translation>
    </message>
    <message>
        <source>id must be a string, got {type}</source>
        <translation>ID 必须是字符串，实际是 {type}</translation>
    </message>
    <message>
        <source>invalid id {id!r}: use 1-64 letters, digits, &apos;.&apos;, &apos;_&apos;, &apos;:&apos; or &apos;-&apos;, starting with a letter or digit</source>
        <translation>无效的 ID {id!r}：请使用 1-64 个字母、数字、&apos;.&apos;、&apos;_&apos;、&apos;:&apos; 或 &apos;-&apos;，并以字母或数字开头</translation>
    </message>
    <message>
        <source>port reference {ref!r} must look like &apos;device-id/port-name&apos;</source>
        <translation>端口引用 {ref!r} 的格式必须是 &apos;device-id/port-name&apos;</translation>
    </message>
    <message>
        <source>variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>a variant name must be text, got {type}</source>
        <translation>变体名称必须是文本，实际是 {type}</translation>
    </message>
    <message>
        <source>a variant needs a name, e.g. &apos;RoCE&apos; or &apos;32 nodes&apos;</source>
        <translation>变体需要一个名称，例如 &apos;RoCE&apos; 或 &apos;32 节点&apos;</translation>
    </message>
    <message>
        <source>a variant name is at most {most} characters (this one has {count})</source>
        <translation>变体名称最多 {most} 个字符（当前为 {count} 个）</translation>
    </message>
    <message>
        <source>variant name {name!r} contains {chars}; use letters, digits, spaces, &apos;-&apos; or &apos;.&apos;</source>
        <translation>变体名称 {name!r} 包含 {chars}；请使用字母、数字、空格、&apos;-&apos; 或 &apos;.&apos;</translation>
    </message>
    <message>
        <source>there is already a variant named {name!r}; choose another name</source>
        <translation>已有名为 {name!r} 的变体；请换一个名称</translation>
    </message>
    <message>
        <source>no variant {name!r} in design {design!r}; its variants are: {names}</source>
        <translation>方案 {design!r} 中没有变体 {name!r}；现有变体：{names}</translation>
    </message>
    <message>
        <source>no variant {name!r} in design {design!r}; it has no variants</source>
        <translation>方案 {design!r} 中没有变体 {name!r}；该方案没有任何变体</translation>
    </message>
    <message>
        <source>a design holds at most {most} variants; delete one first</source>
        <translation>一个方案最多包含 {most} 个变体；请先删除一个</translation>
    </message>
    <message>
        <source>variant {name!r} is not the active one; switch to it first</source>
        <translation>变体 {name!r} 不是当前编辑的变体；请先切换到该变体</translation>
    </message>
    <message>
        <source>variant {name!r} is the one being edited; switch to another variant before deleting it</source>
        <translation>变体 {name!r} 正在编辑中；请先切换到其他变体再删除</translation>
    </message>
</context>
<context>
    <name>NewDesignDialog</name>
    <message>
        <source>single-switch</source>
        <translation>单交换机（single-switch）</translation>
    </message>
    <message>
        <source>leaf-spine</source>
        <translation>Leaf-Spine 两层组网（leaf-spine）</translation>
    </message>
    <message>
        <source>rail-optimized</source>
        <translation>轨道优化（rail-optimized）</translation>
    </message>
    <message>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>rdhx</source>
        <translation>背板换热器（冷背门）</translation>
    </message>
    <message>
        <source>liquid</source>
        <translation>冷板式液冷</translation>
    </message>
    <message>
        <source>New design</source>
        <translation>新建方案</translation>
    </message>
    <message>
        <source>Blank design (one empty rack)</source>
        <translation>空白方案（一个空机柜）</translation>
    </message>
    <message>
        <source>From a template</source>
        <translation>从模板生成</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Server default</source>
        <translation>服务器默认</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Fabric NIC</source>
        <translation>组网网卡</translation>
    </message>
    <message>
        <source>NICs per node</source>
        <translation>每节点网卡数</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <source>Rack power budget</source>
        <translation>机柜功率预算</translation>
    </message>
    <message>
        <source>Rack height</source>
        <translation>机柜高度</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散热方式</translation>
    </message>
</context>
<context>
    <name>Palette</name>
    <message>
        <source>GPU servers</source>
        <translation>GPU 服务器</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <source>Rack accessories</source>
        <translation>机柜配件</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>List price: {price}</source>
        <translation>目录价：{price}</translation>
    </message>
    <message>
        <source>Power: {typical} kW typical, {max} kW max</source>
        <translation>功耗：典型 {typical} kW，最大 {max} kW</translation>
    </message>
    <message>
        <source>Compute NICs: {count} × {nic}</source>
        <translation>计算网卡：{count} × {nic}</translation>
    </message>
    <message>
        <source>Cooling: {cooling}</source>
        <translation>散热：{cooling}</translation>
    </message>
    <message>
        <source>{technology} switch, {height} U</source>
        <translation>{technology} 交换机，{height} U</translation>
    </message>
    <message>
        <source>infiniband switch, {height} U</source>
        <translation>InfiniBand 交换机，{height} U</translation>
    </message>
    <message>
        <source>ethernet switch, {height} U</source>
        <translation>以太网交换机，{height} U</translation>
    </message>
    <message>
        <source>{capacity} TB, read {read} GB/s, {height} U</source>
        <translation>{capacity} TB，读带宽 {read} GB/s，{height} U</translation>
    </message>
    <message>
        <source>Ports: {ports}</source>
        <translation>端口：{ports}</translation>
    </message>
    <message>
        <source>Power: {max} kW max</source>
        <translation>功耗：最大 {max} kW</translation>
    </message>
    <message>
        <source>{height} U, {width} × {depth} mm, max load {load} kg</source>
        <translation>{height} U，{width} × {depth} mm，最大承重 {load} kg</translation>
    </message>
    <message>
        <source>{medium}, {speed}G {technology}, reach {reach} m</source>
        <translation>{medium}，{speed}G {technology}，传输距离 {reach} m</translation>
    </message>
    <message>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>rdhx</source>
        <translation>背板换热</translation>
    </message>
    <message>
        <source>liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source>infiniband</source>
        <translation>InfiniBand</translation>
    </message>
    <message>
        <source>ethernet</source>
        <translation>以太网</translation>
    </message>
    <message>
        <source>any</source>
        <translation>通用</translation>
    </message>
    <message>
        <source>Search hardware (name, id, vendor)…</source>
        <translation>搜索硬件（名称、ID、厂商）…</translation>
    </message>
</context>
<context>
    <name>PdfExporter</name>
    <message>
        <source>PDF documents (*.pdf);;All files (*)</source>
        <translation>PDF 文档 (*.pdf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>A4  (210 × 297 mm)</source>
        <translation>A4（210 × 297 mm）</translation>
    </message>
    <message>
        <source>Letter  (8.5 × 11 in)</source>
        <translation>Letter（8.5 × 11 英寸）</translation>
    </message>
    <message>
        <source>&amp;Export PDF…</source>
        <translation>导出 PDF(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the customer proposal for this design as a PDF</source>
        <translation>将本方案的客户方案书导出为 PDF</translation>
    </message>
    <message>
        <source>PDF export cancelled; {name} was not written</source>
        <translation>已取消 PDF 导出，未写入 {name}</translation>
    </message>
    <message>
        <source>Cannot export PDF</source>
        <translation>无法导出 PDF</translation>
    </message>
    <message>
        <source>The PDF could not be written because of an internal error ({error}). Please report it with the design file.</source>
        <translation>因内部错误（{error}）无法写入 PDF，请连同方案文件一起反馈。</translation>
    </message>
    <message>
        <source>Finishing the results for the latest edit…</source>
        <translation>正在完成最近一次修改的计算…</translation>
    </message>
    <message>
        <source>Writing the proposal for {name}…</source>
        <translation>正在生成 {name} 的方案书…</translation>
    </message>
    <message>
        <source>Exported {name}: {pages} page</source>
        <translation>已导出 {name}：共 {pages} 页</translation>
    </message>
    <message>
        <source>Exported {name}: {pages} pages</source>
        <translation>已导出 {name}：共 {pages} 页</translation>
    </message>
    <message>
        <source>No application could open {path}; open it from your file manager</source>
        <translation>没有程序能打开 {path}，请在文件管理器中打开</translation>
    </message>
    <message>
        <source>PDF exported</source>
        <translation>PDF 已导出</translation>
    </message>
    <message>
        <source>The proposal was written to {name} ({pages} page).</source>
        <translation>方案书已写入 {name}（共 {pages} 页）。</translation>
    </message>
    <message>
        <source>The proposal was written to {name} ({pages} pages).</source>
        <translation>方案书已写入 {name}（共 {pages} 页）。</translation>
    </message>
    <message>
        <source>Open PDF</source>
        <translation>打开 PDF</translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Writing {name}…</source>
        <translation>正在写入 {name}…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>导出 PDF</translation>
    </message>
    <message>
        <source>Cannot write {path}: it is a folder. Give a file name ending in .pdf.</source>
        <translation>无法写入 {path}：这是一个文件夹。请给出以 .pdf 结尾的文件名。</translation>
    </message>
    <message>
        <source>Cannot write {path}: the folder {folder} does not exist. Choose another folder.</source>
        <translation>无法写入 {path}：文件夹 {folder} 不存在，请选择其他文件夹。</translation>
    </message>
    <message>
        <source>Cannot write {path}: {reason}. Choose a folder you can write to, or close the file if another program (a PDF viewer) has it open.</source>
        <translation>无法写入 {path}：{reason}。请选择有写入权限的文件夹；如果该文件已被其他程序（如 PDF 阅读器）打开，请先关闭。</translation>
    </message>
    <message>
        <source>Cannot export {name}: {reason}</source>
        <translation>无法导出 {name}：{reason}</translation>
    </message>
</context>
<context>
    <name>PlanTables</name>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>工期</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>size limit</source>
        <translation>规模上限</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>micro-batch</translation>
    </message>
    <message>
        <source>sharding</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP 重叠</translation>
    </message>
    <message>
        <source>step (s)</source>
        <translation>步时（秒）</translation>
    </message>
    <message>
        <source>memory per GPU (GB)</source>
        <translation>每 GPU 显存（GB）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>servers</source>
        <translation>服务器数</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>time to train</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>binds</source>
        <translation>约束</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>并行布局</translation>
    </message>
</context>
<context>
    <name>PlanTrainingDialog</name>
    <message>
        <source>Plan training</source>
        <translation>规划训练</translation>
    </message>
    <message>
        <source>Search layouts</source>
        <translation>搜索并行布局</translation>
    </message>
    <message>
        <source>Use this layout</source>
        <translation>采用此布局</translation>
    </message>
    <message>
        <source>Search clusters</source>
        <translation>搜索集群</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>The design&apos;s workload</source>
        <translation>方案的工作负载</translation>
    </message>
    <message>
        <source> × 10¹² tokens</source>
        <translation> × 10¹² 个 token</translation>
    </message>
    <message>
        <source>The framework can overlap tensor-parallel communication</source>
        <translation>框架可重叠张量并行通信</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>cloud</source>
        <translation>云上</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation>全局批大小（序列数）</translation>
    </message>
    <message>
        <source>Tokens to train on</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Layouts on this design</source>
        <translation>本方案上的并行布局</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>工期</translation>
    </message>
    <message>
        <source>Budget ({})</source>
        <translation>预算（{}）</translation>
    </message>
    <message>
        <source>Pay by</source>
        <translation>付费方式</translation>
    </message>
    <message>
        <source>Rent per GPU-month</source>
        <translation>每 GPU 每月租金</translation>
    </message>
    <message>
        <source>Cloud per GPU-hour</source>
        <translation>每 GPU 小时云上价格</translation>
    </message>
    <message>
        <source>Largest cluster (servers)</source>
        <translation>最大集群（服务器数）</translation>
    </message>
    <message>
        <source>Which cluster to build</source>
        <translation>该建什么集群</translation>
    </message>
    <message>
        <source>the design has no training workload; choose a model</source>
        <translation>方案没有训练工作负载；请选择一个模型</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Searching… {} of {} servers ({})</source>
        <translation>正在搜索… 第 {} 台服务器，共 {} 台（{}）</translation>
    </message>
    <message>
        <source>Search cancelled</source>
        <translation>搜索已取消</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>{} layouts searched, {} fit in memory by their model states, {} timed in full on {} GPUs of {}</source>
        <translation>已搜索 {} 种布局，其中 {} 种按模型状态可放入显存，{} 种在 {} 个 {} GPU 上做了完整计时</translation>
    </message>
    <message>
        <source>No layout fits in GPU memory; add GPUs or choose a GPU with more memory</source>
        <translation>没有布局能放入 GPU 显存；请增加 GPU 或选择显存更大的 GPU</translation>
    </message>
    <message>
        <source>{} designs built and searched; {} meet the goal</source>
        <translation>已生成并搜索 {} 个方案；{} 个满足目标</translation>
    </message>
    <message>
        <source>Left out:
{}</source>
        <translation>未纳入：
{}</translation>
    </message>
    <message>
        <source>A design&apos;s workload has no HSDP setting</source>
        <translation>方案的工作负载没有 HSDP 设置</translation>
    </message>
</context>
<context>
    <name>PowerView</name>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Power (peak / supply)</source>
        <translation>功耗（峰值 / 供电）</translation>
    </message>
    <message>
        <source>Cooling (heat / capacity)</source>
        <translation>散热（发热 / 制冷量）</translation>
    </message>
    <message>
        <source>Air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <source>Rear-door</source>
        <translation>背板换热</translation>
    </message>
    <message>
        <source>Liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source>Peak draw {peak} (typical {typical})</source>
        <translation>峰值功耗 {peak}（典型 {typical}）</translation>
    </message>
    <message>
        <source>Power budget {budget}; feeds carry {feeds} continuously</source>
        <translation>功率预算 {budget}；供电回路持续承载 {feeds}</translation>
    </message>
    <message>
        <source>Supply (budget capped by feeds): {supply}</source>
        <translation>可用供电（功率预算与供电回路取小）：{supply}</translation>
    </message>
    <message>
        <source>Not feed-redundant: losing one feed trips the other</source>
        <translation>供电无冗余：一路断电会导致另一路跳闸</translation>
    </message>
    <message>
        <source>Cooling not computed</source>
        <translation>散热尚未计算</translation>
    </message>
    <message>
        <source>catalog figure</source>
        <translation>目录数据</translation>
    </message>
    <message>
        <source>set on the rack</source>
        <translation>机柜上的设定值</translation>
    </message>
    <message>
        <source>Heat {heat} ({btu} BTU/h)</source>
        <translation>发热 {heat}（{btu} BTU/h）</translation>
    </message>
    <message>
        <source>{kind} cooling removes {capacity} ({source})</source>
        <translation>{kind}可带走 {capacity}（{source}）</translation>
    </message>
    <message>
        <source>Airflow {airflow} at a {rise} air temperature rise</source>
        <translation>风量 {airflow}（进出风温差 {rise}）</translation>
    </message>
    <message>
        <source>GPUs throttle to about {share}</source>
        <translation>GPU 降频到约 {share}</translation>
    </message>
    <message>
        <source>Power and cooling not available: {reason}</source>
        <translation>功耗与散热无法计算：{reason}</translation>
    </message>
    <message>
        <source>not yet computed</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <source>IT {typical} typical, {peak} peak</source>
        <translation>IT 负载典型 {typical}，峰值 {peak}</translation>
    </message>
    <message>
        <source>facility {kw} at PUE {pue}</source>
        <translation>机房总负载 {kw}（PUE {pue}）</translation>
    </message>
    <message>
        <source>airflow {airflow}</source>
        <translation>风量 {airflow}</translation>
    </message>
    <message>
        <source>{racks} rack: {power} short of power, {cooling} short of cooling</source>
        <translation>{racks} 个机柜：{power} 个供电不足，{cooling} 个制冷不足</translation>
    </message>
    <message>
        <source>{racks} racks: {power} short of power, {cooling} short of cooling</source>
        <translation>{racks} 个机柜：{power} 个供电不足，{cooling} 个制冷不足</translation>
    </message>
</context>
<context>
    <name>Preferences</name>
    <message>
        <source>Preferences file {path} could not be read ({error}); using the defaults; the old file is kept as {backup}.</source>
        <translation>无法读取偏好设置文件 {path}（{error}）；已改用默认设置，原文件另存为 {backup}。</translation>
    </message>
    <message>
        <source>Preferences file {path} could not be read ({error}); using the defaults.</source>
        <translation>无法读取偏好设置文件 {path}（{error}）；已改用默认设置。</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>公制</translation>
    </message>
    <message>
        <source>Imperial</source>
        <translation>英制</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Currency for new designs</source>
        <translation>新方案默认币种</translation>
    </message>
    <message>
        <source>CNY (¥)</source>
        <translation>人民币（¥）</translation>
    </message>
    <message>
        <source>USD ($)</source>
        <translation>美元（$）</translation>
    </message>
    <message>
        <source>Lengths</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Airflow</source>
        <translation>风量</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Default paper size</source>
        <translation>默认纸张尺寸</translation>
    </message>
    <message>
        <source>By the system&apos;s region</source>
        <translation>按系统所在地区</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Autosave every</source>
        <translation>自动保存间隔</translation>
    </message>
    <message>
        <source>default location</source>
        <translation>默认位置</translation>
    </message>
    <message>
        <source>User catalog file</source>
        <translation>用户硬件目录文件</translation>
    </message>
    <message>
        <source>PDF proposal</source>
        <translation>PDF 方案书</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>公司</translation>
    </message>
    <message>
        <source>Contact</source>
        <translation>联系方式</translation>
    </message>
    <message>
        <source>e-mail, phone</source>
        <translation>电子邮件、电话</translation>
    </message>
    <message>
        <source>Logo file</source>
        <translation>徽标文件</translation>
    </message>
    <message>
        <source>a PNG or SVG file</source>
        <translation>PNG 或 SVG 文件</translation>
    </message>
    <message>
        <source>Document number</source>
        <translation>文档编号</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>e.g. A</source>
        <translation>例如 A</translation>
    </message>
    <message>
        <source>Confidentiality line</source>
        <translation>保密声明</translation>
    </message>
    <message>
        <source>e.g. Confidential</source>
        <translation>例如 机密</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>not stated</source>
        <translation>不注明</translation>
    </message>
    <message>
        <source>Valid for</source>
        <translation>有效期</translation>
    </message>
</context>
<context>
    <name>RackView</name>
    <message>
        <source>Place copies</source>
        <translation>放置多台</translation>
    </message>
    <message>
        <source>How many {what}?</source>
        <translation>需要多少台{what}？</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>制冷</translation>
    </message>
    <message>
        <source>Unplaced devices ({count}): drag them into a rack</source>
        <translation>未上架设备（{count} 台）：拖入机柜即可上架</translation>
    </message>
    <message>
        <source>Unplaced devices: none. Drop a device here to take it out of its rack</source>
        <translation>未上架设备：无。把设备拖到这里即可从机柜下架</translation>
    </message>
    <message>
        <source>{used} kW, no budget</source>
        <translation>{used} kW，未设功率预算</translation>
    </message>
    <message>
        <source>U{u} is below the rack&apos;s first unit</source>
        <translation>U{u} 低于机柜的第一个 U 位</translation>
    </message>
    <message>
        <source>a {height} U device at U{u} reaches U{top}, above the {rack} U rack</source>
        <translation>{height}U 设备放在 U{u} 会到达 U{top}，超出 {rack}U 机柜</translation>
    </message>
    <message>
        <source>U{u}-U{top} overlaps {device}</source>
        <translation>U{u}-U{top} 与 {device} 重叠</translation>
    </message>
    <message>
        <source>Row {name}</source>
        <translation>{name} 列</translation>
    </message>
</context>
<context>
    <name>Recovery</name>
    <message>
        <source>a design that was never saved</source>
        <translation>从未保存过的方案</translation>
    </message>
    <message>
        <source>recently</source>
        <translation>不久前</translation>
    </message>
    <message>
        <source>Cluster Planner did not close properly. Recover the unsaved changes to “{name}” ({where}), autosaved {when}?</source>
        <translation>智算集群规划上次未正常关闭。是否恢复“{name}”（{where}）中未保存的修改（自动保存于 {when}）？</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <source>Cannot recover design</source>
        <translation>无法恢复方案</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>cannot write {path}: the folder {folder} does not exist; create it or pick another output path</source>
        <translation>无法写入 {path}：文件夹 {folder} 不存在；请先创建该文件夹，或换一个输出路径</translation>
    </message>
    <message>
        <source>cannot write {path}: {reason}; pick a folder you can write to</source>
        <translation>无法写入 {path}：{reason}；请选择一个可写入的文件夹</translation>
    </message>
    <message>
        <source>cannot write {path}: Qt could not open it for writing (is it open elsewhere, or is the folder read-only?)</source>
        <translation>无法写入 {path}：Qt 无法以写入方式打开它（是否已被其他程序打开，或文件夹为只读？）</translation>
    </message>
    <message>
        <source>cannot write the Chinese proposal: its font {path} is missing or unreadable and no other Chinese font is installed; reinstall Cluster Planner (or install a Chinese font) and export again</source>
        <translation>无法生成中文方案书：所需字体 {path} 缺失或无法读取，且系统中未安装其他中文字体；请重新安装 Cluster Planner（或安装中文字体）后再导出</translation>
    </message>
    <message>
        <source>some characters of the design cannot be drawn by any font and print as {box}: {chars}</source>
        <translation>设计中的部分字符没有任何字体可以绘制，将显示为 {box}：{chars}</translation>
    </message>
    <message>
        <source>the proposal&apos;s validity must be a whole number of days from 0 to {most}, not {value!r}</source>
        <translation>方案有效期必须是 0 到 {most} 之间的整数天数，而不是 {value!r}</translation>
    </message>
    <message>
        <source>the logo {path} cannot be read: no such file; pick a PNG or SVG file in Preferences</source>
        <translation>无法读取徽标 {path}：文件不存在；请在“首选项”中选择一个 PNG 或 SVG 文件</translation>
    </message>
    <message>
        <source>the logo {path} is {mb} MB; use a PNG or SVG of at most {limit} MB</source>
        <translation>徽标 {path} 大小为 {mb} MB；请使用不超过 {limit} MB 的 PNG 或 SVG 文件</translation>
    </message>
    <message>
        <source>the logo {path} is not a PNG or SVG image; export the logo as PNG or SVG and pick that file</source>
        <translation>徽标 {path} 不是 PNG 或 SVG 图像；请将徽标导出为 PNG 或 SVG 后再选择该文件</translation>
    </message>
    <message>
        <source>the logo is a damaged {kind} file that cannot be drawn; export it again and pick the new file</source>
        <translation>徽标是损坏的 {kind} 文件，无法绘制；请重新导出并选择新文件</translation>
    </message>
</context>
<context>
    <name>ResultsPanel</name>
    <message>
        <source>Results not yet computed</source>
        <translation>结果尚未计算</translation>
    </message>
    <message>
        <source>Computing results…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Updating…</source>
        <translation>正在更新…</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Power &amp;&amp; cooling</source>
        <translation>功耗与散热</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>{ranks} ranks ({nodes} node × {per_node} GPUs, {gpu})</source>
        <translation>{ranks} 个进程（{nodes} 节点 × {per_node} 卡，{gpu}）</translation>
    </message>
    <message>
        <source>{ranks} ranks ({nodes} nodes × {per_node} GPUs, {gpu})</source>
        <translation>{ranks} 个进程（{nodes} 节点 × {per_node} 卡，{gpu}）</translation>
    </message>
    <message>
        <source>{n} GPU</source>
        <translation>{n} 张 GPU</translation>
    </message>
    <message>
        <source>{n} GPUs</source>
        <translation>{n} 张 GPU</translation>
    </message>
    <message>
        <source>{n} rack</source>
        <translation>{n} 个机柜</translation>
    </message>
    <message>
        <source>{n} racks</source>
        <translation>{n} 个机柜</translation>
    </message>
    <message>
        <source>{kw} IT</source>
        <translation>IT 负载 {kw}</translation>
    </message>
    <message>
        <source>AllReduce {bw} at 1 GiB</source>
        <translation>AllReduce 1 GiB 时 {bw}</translation>
    </message>
    <message>
        <source>the design has no GPU servers (of a model the catalog knows)</source>
        <translation>方案中没有 GPU 服务器（目录中已知型号）</translation>
    </message>
    <message>
        <source>the design has no GPU servers</source>
        <translation>方案中没有 GPU 服务器</translation>
    </message>
    <message>
        <source>no training workload is set (add one in the design&apos;s workload settings)</source>
        <translation>未设置训练任务（可在方案的训练任务设置中添加）</translation>
    </message>
    <message>
        <source>not yet computed</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <source>needs {section}, which could not be computed</source>
        <translation>依赖的 {section} 无法计算</translation>
    </message>
</context>
<context>
    <name>Save</name>
    <message>
        <source>Permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <source>Operation not permitted</source>
        <translation>不允许的操作</translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation>磁盘空间不足</translation>
    </message>
    <message>
        <source>Disk quota exceeded</source>
        <translation>超出磁盘配额</translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation>文件系统为只读</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>文件或文件夹不存在</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>是一个文件夹</translation>
    </message>
    <message>
        <source>File name too long</source>
        <translation>文件名过长</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>File too large</source>
        <translation>文件过大</translation>
    </message>
    <message>
        <source>Too many levels of symbolic links</source>
        <translation>符号链接层数过多</translation>
    </message>
    <message>
        <source>Device or resource busy</source>
        <translation>设备或资源忙</translation>
    </message>
    <message>
        <source>Text file busy</source>
        <translation>文件正被程序使用</translation>
    </message>
    <message>
        <source>Stale file handle</source>
        <translation>文件句柄已失效</translation>
    </message>
    <message>
        <source>it is a folder; choose a file name</source>
        <translation>这是一个文件夹；请选择文件名</translation>
    </message>
    <message>
        <source>it is not a regular file (a device, pipe or socket); choose a file name</source>
        <translation>它不是普通文件（设备、管道或套接字）；请选择一个文件名</translation>
    </message>
    <message>
        <source>the file is read-only; save under another name, or make it writable first</source>
        <translation>文件是只读的；请另存为其他名称，或先将其设为可写</translation>
    </message>
    <message>
        <source>the design cannot be written as JSON ({reason}); nothing was saved</source>
        <translation>方案无法写成 JSON（{reason}）；未保存任何内容</translation>
    </message>
    <message>
        <source>the previous file is unchanged</source>
        <translation>原文件保持不变</translation>
    </message>
    <message>
        <source>nothing was written</source>
        <translation>没有写入任何内容</translation>
    </message>
    <message>
        <source>could not save ({reason}); {kept}</source>
        <translation>无法保存（{reason}）；{kept}</translation>
    </message>
    <message>
        <source>no free temporary file name in {folder}</source>
        <translation>{folder} 中没有可用的临时文件名</translation>
    </message>
    <message>
        <source>this is a folder; give a file name such as cables.csv</source>
        <translation>这是一个文件夹；请给出文件名，例如 cables.csv</translation>
    </message>
    <message>
        <source>could not write the export ({reason}); nothing was written</source>
        <translation>无法写入导出文件（{reason}）；未写入任何内容</translation>
    </message>
</context>
<context>
    <name>StatusBar</name>
    <message>
        <source>rent/month</source>
        <translation>租金/月</translation>
    </message>
    <message>
        <source>cloud/month</source>
        <translation>云上/月</translation>
    </message>
    <message>
        <source>running/month</source>
        <translation>运行费用/月</translation>
    </message>
    <message>
        <source>month</source>
        <translation>月</translation>
    </message>
    <message>
        <source>GPUs {value}</source>
        <translation>GPU {value}</translation>
    </message>
    <message>
        <source>Racks {value}</source>
        <translation>机柜 {value}</translation>
    </message>
    <message>
        <source>IT {value}</source>
        <translation>IT 负载 {value}</translation>
    </message>
    <message>
        <source>Cost {value}</source>
        <translation>成本 {value}</translation>
    </message>
    <message>
        <source>AllReduce 1 GiB {value}</source>
        <translation>AllReduce 1 GiB {value}</translation>
    </message>
    <message>
        <source>{n} GPUs</source>
        <translation>{n} 张 GPU</translation>
    </message>
    <message>
        <source>{n} racks</source>
        <translation>{n} 个机柜</translation>
    </message>
    <message>
        <source>AllReduce 1 GiB {value} busbw</source>
        <translation>AllReduce 1 GiB 总线带宽 {value}</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>{n} GPU</source>
        <translation>{n} 张 GPU</translation>
    </message>
    <message>
        <source>{n} rack</source>
        <translation>{n} 个机柜</translation>
    </message>
    <message>
        <source>{count} catalog problem: {problems}</source>
        <translation>硬件目录有 {count} 个问题：{problems}</translation>
    </message>
    <message>
        <source>{count} catalog problems: {problems}</source>
        <translation>硬件目录有 {count} 个问题：{problems}</translation>
    </message>
</context>
<context>
    <name>SweepDialog</name>
    <message>
        <source>Sweep a parameter</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>取值</translation>
    </message>
    <message>
        <source>Vary</source>
        <translation>变化参数</translation>
    </message>
    <message>
        <source>over</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Plot</source>
        <translation>绘图</translation>
    </message>
    <message>
        <source>Building {} designs…</source>
        <translation>正在生成 {} 个方案…</translation>
    </message>
    <message>
        <source>Cancelling after the current value…</source>
        <translation>当前取值完成后取消…</translation>
    </message>
    <message>
        <source>{} of {}: {}</source>
        <translation>第 {} / {} 个：{}</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>{}: {} of {} values</source>
        <translation>{}：{} / {} 个取值</translation>
    </message>
    <message>
        <source>; {} could not be built (see the table)</source>
        <translation>；{} 个无法生成（见表格）</translation>
    </message>
    <message>
        <source>The sweep could not run: {}</source>
        <translation>扫描无法运行：{}</translation>
    </message>
    <message>
        <source>cannot be built: {}</source>
        <translation>无法生成：{}</translation>
    </message>
</context>
<context>
    <name>Templates</name>
    <message>
        <source>no {technology} switch in the catalog has {speed:g}G ports for the spine</source>
        <translation>目录中没有可用作 Spine 的 {speed:g}G 端口 {technology} 交换机</translation>
    </message>
    <message>
        <source>{switch} has no uplink ports left; lower the oversubscription</source>
        <translation>{switch} 已没有剩余的上行端口；请降低收敛比</translation>
    </message>
    <message>
        <source>{leaves} leaves need {pods} pods, more than a three-tier fabric of {switch} ({ports} ports) supports ({ports}); use a switch with more ports or fewer nodes</source>
        <translation>{leaves} 台 Leaf 交换机需要 {pods} 个 Pod，超过了 {switch}（{ports} 个端口）三层组网所能支持的 {ports} 个；请换用端口更多的交换机或减少节点数</translation>
    </message>
    <message>
        <source>{endpoints} NICs do not fit one {switch} ({ports} ports); use --topology leaf-spine or rail-optimized</source>
        <translation>{endpoints} 块网卡无法全部接入一台 {switch}（{ports} 个端口）；请将拓扑（--topology）改为 leaf-spine 或 rail-optimized</translation>
    </message>
    <message>
        <source>{reason}. For {endpoints:,} NICs in three tiers choose a fabric with a larger switch: {fabrics}</source>
        <translation>{reason}。要以三层组网连接 {endpoints:,} 块网卡，请选择交换机端口更多的组网网卡：{fabrics}</translation>
    </message>
    <message>
        <source>--fabric {nic} ({switch}, {ports} ports)</source>
        <translation>--fabric {nic}（{switch}，{ports} 端口）</translation>
    </message>
    <message>
        <source>{items} and {count} more</source>
        <translation>{items} 等另外 {count} 种</translation>
    </message>
    <message>
        <source>{items}, {item}</source>
        <translation>{items}、{item}</translation>
    </message>
    <message>
        <source>{switch} has no port {port!r}</source>
        <translation>{switch} 没有端口 {port!r}</translation>
    </message>
    <message>
        <source>no {technology} switch with {speed:g}G ports in the catalog</source>
        <translation>目录中没有带 {speed:g}G 端口的 {technology} 交换机</translation>
    </message>
    <message>
        <source>internal: generated link {link} was refused: {error}</source>
        <translation>内部错误：生成的链路 {link} 被拒绝：{error}</translation>
    </message>
    <message>
        <source>--server</source>
        <translation>服务器（--server）</translation>
    </message>
    <message>
        <source>--fabric</source>
        <translation>组网网卡（--fabric）</translation>
    </message>
    <message>
        <source>the NIC&apos;s default switch</source>
        <translation>网卡的默认交换机</translation>
    </message>
    <message>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>nic</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>--nics-per-node {nics}: server {server!r} takes 1 to {slots} compute NICs</source>
        <translation>每节点网卡数（--nics-per-node）为 {nics}：服务器 {server!r} 可装 1 到 {slots} 块计算网卡</translation>
    </message>
    <message>
        <source>server {server!r} is {height} U, taller than a {rack_u} U rack</source>
        <translation>服务器 {server!r} 高 {height} U，超过了 {rack_u} U 机柜的高度</translation>
    </message>
    <message>
        <source>one {server!r} draws up to {kw:.1f} kW, more than the rack budget {budget:g} kW; raise --rack-kw (and consider --cooling liquid)</source>
        <translation>单台 {server!r} 最大功耗 {kw:.1f} kW，超过机柜功率预算 {budget:g} kW；请提高机柜功率预算（--rack-kw），并考虑改用冷板式液冷（--cooling=liquid）</translation>
    </message>
    <message>
        <source>--nodes {nodes}: give 1 to {max_nodes} nodes</source>
        <translation>节点数（--nodes）为 {nodes}：请给出 1 到 {max_nodes} 个节点</translation>
    </message>
    <message>
        <source>--topology {topology!r}: choose one of {choices}</source>
        <translation>拓扑（--topology）为 {topology!r}：请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>--cooling {cooling!r}: choose one of {choices}</source>
        <translation>散热方式（--cooling）为 {cooling!r}：请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>--oversubscription {ratio:g}: give a ratio from 1 (non-blocking) to 16</source>
        <translation>收敛比（--oversubscription）为 {ratio:g}：请给出 1（无阻塞）到 16 之间的比值</translation>
    </message>
    <message>
        <source>--rack-kw {kw:g}: give a rack power budget from 1 to 500 kW</source>
        <translation>机柜功率预算（--rack-kw）为 {kw:g}：请给出 1 到 500 kW 之间的值</translation>
    </message>
    <message>
        <source>--rack-u {u}: give a rack height from 12 to 60 U</source>
        <translation>机柜高度（--rack-u）为 {u}：请给出 12 到 60 U 之间的值</translation>
    </message>
    <message>
        <source>--cooling-kw {kw:g}: give a rack cooling capacity from 1 to 500 kW</source>
        <translation>单机柜散热能力（--cooling-kw）为 {kw:g}：请给出 1 到 500 kW 之间的值</translation>
    </message>
    <message>
        <source>row length {length}: give 1 to 100 racks per row</source>
        <translation>每列机柜数为 {length}：每列请给出 1 到 100 个机柜</translation>
    </message>
    <message>
        <source>{option}: unknown {kind} id {catalog_id!r}</source>
        <translation>{option}：{kind} id {catalog_id!r} 不在目录中</translation>
    </message>
    <message>
        <source>{option}: unknown {kind} id {catalog_id!r} (known {kind} ids: {choices})</source>
        <translation>{option}：{kind} id {catalog_id!r} 不在目录中（{kind} id 可选：{choices}）</translation>
    </message>
    <message>
        <source>--nodes {nodes}: {server} is a rack-scale system of {trays} trays per NVLink domain; --nodes counts trays, in whole racks (e.g. {low} or {high})</source>
        <translation>--nodes {nodes}：{server} 是每个 NVLink 域 {trays} 个托盘的机柜级系统；--nodes 按托盘计数，须为整机柜（例如 {low} 或 {high}）</translation>
    </message>
    <message>
        <source>Oversubscription {asked:g}:1 was asked for, but the fabric is non-blocking: one leaf switch holds all {endpoints} NICs, so it has no uplinks to oversubscribe.</source>
        <translation>要求的收敛比为 {asked:g}:1，但网络实际无阻塞：一台 leaf 交换机即可接入全部 {endpoints} 块网卡，没有上行链路可供收敛。</translation>
    </message>
    <message>
        <source>{worst:.3g}:1</source>
        <translation>{worst:.3g}:1</translation>
    </message>
    <message>
        <source>{worst:.3g}:1 at the worst leaf, {median:.3g}:1 at the median</source>
        <translation>最差的 leaf 为 {worst:.3g}:1，中位数为 {median:.3g}:1</translation>
    </message>
    <message>
        <source>Oversubscription {asked:g}:1 was asked for; the leaves were built at {built}: {reason}.</source>
        <translation>要求的收敛比为 {asked:g}:1，实际生成的 leaf 为 {built}：{reason}。</translation>
    </message>
    <message>
        <source>{used} of the {need} uplinks a leaf needs reach the spines, the most that divide evenly over a sensible number of spines</source>
        <translation>每台 leaf 所需的 {need} 条上行链路中只有 {used} 条接到 spine，这是在合理的 spine 数量下能均匀分配的最大数</translation>
    </message>
    <message>
        <source>a {switch} has {up} uplink ports of {speed:g}G, and its {members} NICs would need {need}</source>
        <translation>{switch} 只有 {up} 个 {speed:g}G 上行端口，而其 {members} 块网卡需要 {need} 个</translation>
    </message>
    <message>
        <source>a leaf carries {members} NICs, which would need {exact:.3g} uplinks; {used} are wired, the fewest from there up that spread evenly over the spines, so the ratio is never worse than asked</source>
        <translation>每台 leaf 接入 {members} 块网卡，需要 {exact:.3g} 条上行链路；实际连接 {used} 条，即不少于该数且能在 spine 间均匀分配的最小整数，因此收敛比不会差于要求</translation>
    </message>
</context>
<context>
    <name>TopologyView</name>
    <message>
        <source>rack {rack}, U{u}</source>
        <translation>机柜 {rack}，U{u}</translation>
    </message>
    <message>
        <source>not in a rack</source>
        <translation>未上架</translation>
    </message>
    <message>
        <source>{gbps} Gb/s</source>
        <translation>{gbps} Gb/s</translation>
    </message>
    <message>
        <source>unknown speed</source>
        <translation>速率未知</translation>
    </message>
    <message>
        <source>Link {id}</source>
        <translation>链路 {id}</translation>
    </message>
    <message>
        <source>not modelled</source>
        <translation>未建模</translation>
    </message>
    <message>
        <source>Utilisation (1 GiB AllReduce): {load}</source>
        <translation>带宽利用率（1 GiB AllReduce）：{load}</translation>
    </message>
    <message>
        <source>GPU servers</source>
        <translation>GPU 服务器</translation>
    </message>
    <message>
        <source>Leaf switches</source>
        <translation>Leaf 交换机</translation>
    </message>
    <message>
        <source>Spine switches</source>
        <translation>Spine 交换机</translation>
    </message>
    <message>
        <source>Core switches</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <source>Storage and management switches</source>
        <translation>存储和管理交换机</translation>
    </message>
    <message>
        <source>Storage and other devices</source>
        <translation>存储及其他设备</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Leaves</source>
        <translation>Leaf</translation>
    </message>
    <message>
        <source>Spines</source>
        <translation>Spine</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>核心</translation>
    </message>
    <message>
        <source>Other switches</source>
        <translation>其他交换机</translation>
    </message>
    <message>
        <source>Storage, other</source>
        <translation>存储、其他</translation>
    </message>
    <message>
        <source>The catalog has no entry {id}; pick one from the palette</source>
        <translation>硬件目录中没有 {id}；请从硬件面板中选择</translation>
    </message>
    <message>
        <source>{name} is a rack: drop it on a row of the rack elevation, then put devices in it</source>
        <translation>{name} 是机柜：请把它拖到机柜立面图的一排上，再往里放设备</translation>
    </message>
    <message>
        <source>{name} has no network ports to draw in the topology: drop it into a rack of the rack elevation</source>
        <translation>{name} 没有网络端口，无法在拓扑图中显示：请把它拖进机柜立面图中的机柜</translation>
    </message>
    <message>
        <source>mean load {load}</source>
        <translation>平均负载 {load}</translation>
    </message>
    <message>
        <source>Rail {n}</source>
        <translation>轨道 {n}</translation>
    </message>
    <message>
        <source>Click to open; Shift-click a member to close</source>
        <translation>单击展开；按住 Shift 单击其成员可收起</translation>
    </message>
    <message>
        <source>Click to select; click again to show its ports</source>
        <translation>单击选中；再次单击显示其端口</translation>
    </message>
    <message>
        <source>{n} × {model}</source>
        <translation>{n} × {model}</translation>
    </message>
    <message>
        <source>{n} devices</source>
        <translation>{n} 台设备</translation>
    </message>
    <message>
        <source>Pod {n}</source>
        <translation>Pod {n}</translation>
    </message>
    <message>
        <source>No rail</source>
        <translation>无轨道</translation>
    </message>
    <message>
        <source>Group {n}</source>
        <translation>第 {n} 组</translation>
    </message>
    <message>
        <source>Pods {a}–{b}</source>
        <translation>Pod {a}–{b}</translation>
    </message>
    <message>
        <source>Groups {a}–{b}</source>
        <translation>第 {a}–{b} 组</translation>
    </message>
    <message>
        <source>Drawing the fabric…</source>
        <translation>正在绘制网络拓扑…</translation>
    </message>
</context>
<context>
    <name>TrainingView</name>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>tensor-parallel comm</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <source>context-parallel comm</source>
        <translation>上下文并行通信</translation>
    </message>
    <message>
        <source>expert-parallel comm</source>
        <translation>专家并行通信</translation>
    </message>
    <message>
        <source>pipeline comm</source>
        <translation>流水线并行通信</translation>
    </message>
    <message>
        <source>data-parallel comm</source>
        <translation>数据并行通信</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>No workload set</source>
        <translation>未设置训练任务</translation>
    </message>
    <message>
        <source>Set the design&apos;s training workload (model shape, parallelism, batch, tokens) to see the step time, tokens per second, MFU, memory per GPU and days to train.</source>
        <translation>设置方案的训练任务（模型结构、并行方式、批大小、token 数），即可查看单步时间、每秒 token 数、MFU、单卡显存占用和训练天数。</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Step time goes to</source>
        <translation>单步时间构成</translation>
    </message>
    <message>
        <source>Training estimate not available</source>
        <translation>暂无训练估算</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>{rate} ({per_day} per day)</source>
        <translation>{rate}（每天 {per_day}）</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>{mfu} ({rate} per GPU)</source>
        <translation>{mfu}（每卡 {rate}）</translation>
    </message>
    <message>
        <source>{used} of {capacity}, {fits}</source>
        <translation>{used} / {capacity}，{fits}</translation>
    </message>
    <message>
        <source>{part} dominates</source>
        <translation>{part}占主导</translation>
    </message>
    <message>
        <source>{model} on {gpus} GPUs ({nodes} node × {per_node})</source>
        <translation>{model}，{gpus} 张 GPU（{nodes} 节点 × {per_node} 卡）</translation>
    </message>
    <message>
        <source>{model} on {gpus} GPUs ({nodes} nodes × {per_node})</source>
        <translation>{model}，{gpus} 张 GPU（{nodes} 节点 × {per_node} 卡）</translation>
    </message>
    <message>
        <source>{days} for {tokens}</source>
        <translation>{days}（训练 {tokens}）</translation>
    </message>
</context>
<context>
    <name>UndoStep</name>
    <message>
        <source>Add {name}</source>
        <translation>添加 {name}</translation>
    </message>
    <message>
        <source>Add {n} × {name}</source>
        <translation>添加 {n} × {name}</translation>
    </message>
    <message>
        <source>Move {n} device</source>
        <translation>移动 {n} 台设备</translation>
    </message>
    <message>
        <source>Move {n} devices</source>
        <translation>移动 {n} 台设备</translation>
    </message>
    <message>
        <source>Add rack</source>
        <translation>添加机柜</translation>
    </message>
    <message>
        <source>Link {a} to {b}</source>
        <translation>连接 {a} 与 {b}</translation>
    </message>
    <message>
        <source>Delete {n} item</source>
        <translation>删除 {n} 个对象</translation>
    </message>
    <message>
        <source>Delete {n} items</source>
        <translation>删除 {n} 个对象</translation>
    </message>
    <message>
        <source>Set {names} of {n} item</source>
        <translation>设置 {n} 个对象的{names}</translation>
    </message>
    <message>
        <source>Set {names} of {n} items</source>
        <translation>设置 {n} 个对象的{names}</translation>
    </message>
    <message>
        <source>Change {section} settings</source>
        <translation>修改{section}设置</translation>
    </message>
    <message>
        <source>Clear {section}</source>
        <translation>清除{section}</translation>
    </message>
    <message>
        <source>Paste {n} item</source>
        <translation>粘贴 {n} 个对象</translation>
    </message>
    <message>
        <source>Paste {n} items</source>
        <translation>粘贴 {n} 个对象</translation>
    </message>
    <message>
        <source>Duplicate {n} item</source>
        <translation>创建 {n} 个对象的副本</translation>
    </message>
    <message>
        <source>Duplicate {n} items</source>
        <translation>创建 {n} 个对象的副本</translation>
    </message>
    <message>
        <source>New variant {name}</source>
        <translation>新建变体 {name}</translation>
    </message>
    <message>
        <source>Switch to variant {name}</source>
        <translation>切换到变体 {name}</translation>
    </message>
    <message>
        <source>Rename variant {old} to {new}</source>
        <translation>将变体 {old} 重命名为 {new}</translation>
    </message>
    <message>
        <source>Delete variant {name}</source>
        <translation>删除变体 {name}</translation>
    </message>
</context>
<context>
    <name>VariantControls</name>
    <message>
        <source>The variant being edited; choose another to edit it</source>
        <translation>正在编辑的变体；选择其他变体即可切换编辑</translation>
    </message>
    <message>
        <source>V&amp;ariants</source>
        <translation>方案变体(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Switch To</source>
        <translation>切换到(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;New Variant from Current…</source>
        <translation>基于当前状态新建变体(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Rename Variant…</source>
        <translation>重命名变体(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Delete Variant…</source>
        <translation>删除变体(&amp;D)…</translation>
    </message>
    <message>
        <source>(no variants)</source>
        <translation>（没有变体）</translation>
    </message>
    <message>
        <source>New variant</source>
        <translation>新建变体</translation>
    </message>
    <message>
        <source>Name of the new variant (the current state is kept):</source>
        <translation>新变体的名称（保留当前状态）：</translation>
    </message>
    <message>
        <source>Rename variant</source>
        <translation>重命名变体</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
    <message>
        <source>Delete variant</source>
        <translation>删除变体</translation>
    </message>
    <message>
        <source>Variant:</source>
        <translation>变体：</translation>
    </message>
    <message>
        <source>Variants</source>
        <translation>方案变体</translation>
    </message>
</context>
<context>
    <name>Welcome</name>
    <message>
        <source>&lt;h3&gt;Welcome to Cluster Planner&lt;/h3&gt;&lt;p&gt;The example design is open: a GPU cluster in its racks (left view) and its network (right view), with live results and checks below.&lt;/p&gt;&lt;p&gt;Start from the &lt;b&gt;Hardware&lt;/b&gt; palette on the left: drag GPU servers, switches and racks into the rack view, or double-click an entry. Select anything to edit it in the inspector.&lt;/p&gt;&lt;p&gt;File ▸ New designs a cluster from a template; Help ▸ Documentation explains every figure.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;欢迎使用智算集群规划&lt;/h3&gt;&lt;p&gt;已打开示例方案：左侧视图是上架后的 GPU 集群机柜，右侧视图是组网拓扑，下方实时显示计算结果和检查项。&lt;/p&gt;&lt;p&gt;从左侧的&lt;b&gt;硬件&lt;/b&gt;面板开始：把 GPU 服务器、交换机和机柜拖入机柜视图，或双击条目添加。选中任意对象即可在属性面板中编辑。&lt;/p&gt;&lt;p&gt;“文件 ▸ 新建”可按模板设计集群；“帮助 ▸ 使用文档”解释每一项数值。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
</context>
<context>
    <name>argparse</name>
    <message>
        <source>usage: </source>
        <translation>用法：</translation>
    </message>
    <message>
        <source>positional arguments</source>
        <translation>位置参数</translation>
    </message>
    <message>
        <source>options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>show this help message and exit</source>
        <translation>显示本帮助信息并退出</translation>
    </message>
    <message>
        <source>argument %(argument_name)s: %(message)s</source>
        <translation>参数 %(argument_name)s：%(message)s</translation>
    </message>
    <message>
        <source>unrecognized arguments: %s</source>
        <translation>无法识别的参数：%s</translation>
    </message>
    <message>
        <source>not allowed with argument %s</source>
        <translation>不能与参数 %s 同时使用</translation>
    </message>
    <message>
        <source>ignored explicit argument %r</source>
        <translation>忽略了显式给出的参数值 %r</translation>
    </message>
    <message>
        <source>the following arguments are required: %s</source>
        <translation>缺少必需的参数：%s</translation>
    </message>
    <message>
        <source>one of the arguments %s is required</source>
        <translation>必须给出参数 %s 之一</translation>
    </message>
    <message>
        <source>expected one argument</source>
        <translation>需要一个参数值</translation>
    </message>
    <message>
        <source>expected at most one argument</source>
        <translation>最多需要一个参数值</translation>
    </message>
    <message>
        <source>expected at least one argument</source>
        <translation>至少需要一个参数值</translation>
    </message>
    <message>
        <source>expected %s argument</source>
        <translation>需要 %s 个参数值</translation>
    </message>
    <message>
        <source>expected %s arguments</source>
        <translation>需要 %s 个参数值</translation>
    </message>
    <message>
        <source>ambiguous option: %(option)s could match %(matches)s</source>
        <translation>选项有歧义：%(option)s 可匹配 %(matches)s</translation>
    </message>
    <message>
        <source>unexpected option string: %s</source>
        <translation>意外的选项：%s</translation>
    </message>
    <message>
        <source>invalid %(type)s value: %(value)r</source>
        <translation>无效的 %(type)s 值：%(value)r</translation>
    </message>
    <message>
        <source>invalid choice: %(value)r (choose from %(choices)s)</source>
        <translation>无效的选项：%(value)r（可选：%(choices)s）</translation>
    </message>
    <message>
        <source>unknown parser %(parser_name)r (choices: %(choices)s)</source>
        <translation>未知的命令 %(parser_name)r（可选：%(choices)s）</translation>
    </message>
    <message>
        <source>can&apos;t open &apos;%(filename)s&apos;: %(error)s</source>
        <translation>无法打开 &apos;%(filename)s&apos;：%(error)s</translation>
    </message>
</context>
</TS>
