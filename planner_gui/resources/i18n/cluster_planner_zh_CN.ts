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
        <source>NOT JUDGED</source>
        <translation>无法判定</translation>
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
        <source>Fit on {}: the {} delivers {} of the modelled bandwidth.</source>
        <translation>按 {} 拟合：{} 实际达到模型带宽的 {}。</translation>
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
        <source>New variant</source>
        <translation>新建变体</translation>
    </message>
    <message>
        <source>Name of the new variant (the current state is kept):</source>
        <translation>新方案变体的名称（保留当前状态）：</translation>
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
        <source>Rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>Cloud</source>
        <translation>云上</translation>
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
        <source>Buy: hardware and installation. Rent: the first bill (a year when prepaid annually).</source>
        <translation>采购：硬件及安装费用。租用：首期账单（按年预付时为一年）。</translation>
    </message>
    <message>
        <source>Buy: electricity and rack space of the bought cluster. Rent and cloud: the monthly bill.</source>
        <translation>采购：自建集群的电费和机柜空间费用。租用和云上：每月账单。</translation>
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
        <source>&lt;b&gt;Cost&lt;/b&gt; over {months} for {gpus} GPUs ({currency})</source>
        <translation>&lt;b&gt;成本&lt;/b&gt;：{months}，{gpus} 张 GPU（{currency}）</translation>
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
        <source>No Chinese font is installed here: the PDF will be written in English.</source>
        <translation>本机未安装中文字体：PDF 将以英文生成。</translation>
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
        <translation>{path}：文件不存在，已从列表中移除</translation>
    </message>
    <message>
        <source>{path} cannot be opened:</source>
        <translation>无法打开 {path}：</translation>
    </message>
    <message>
        <source>… and {n} more problem(s)</source>
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
        <source>Load: the share of each link&apos;s line rate the largest job&apos;s 1 GiB AllReduce uses, as the collective model predicts it</source>
        <translation>负载：按集合通信模型预测，最大任务做 1 GiB AllReduce 时每条链路线速的占用比例</translation>
    </message>
    <message>
        <source>Share of each link&apos;s line rate in use: amber from {amber} (queueing delay grows), red from {red} (the link is saturated)</source>
        <translation>每条链路线速的占用比例：{amber} 起为琥珀色（排队时延增加），{red} 起为红色（链路饱和）</translation>
    </message>
    <message>
        <source>not modelled</source>
        <translation>未建模</translation>
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
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
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
        <source>S&amp;tacked</source>
        <translation>叠放(&amp;T)</translation>
    </message>
</context>
<context>
    <name>NewDesignDialog</name>
    <message>
        <source>New design</source>
        <translation>新建方案</translation>
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
        <translation>第 {name} 排</translation>
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
        <source>{ranks} ranks ({nodes} nodes × {per_node} GPUs, {gpu})</source>
        <translation>{ranks} 个进程（{nodes} 节点 × {per_node} 卡，{gpu}）</translation>
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
        <source>{model} on {gpus} GPUs ({nodes} nodes × {per_node})</source>
        <translation>{model}，{gpus} 张 GPU（{nodes} 节点 × {per_node} 卡）</translation>
    </message>
    <message>
        <source>{days} for {tokens}</source>
        <translation>{days}（训练 {tokens}）</translation>
    </message>
</context>
<context>
    <name>VariantControls</name>
    <message>
        <source>The variant being edited; choose another to edit it</source>
        <translation>正在编辑的变体；选择其他变体即可切换编辑</translation>
    </message>
    <message>
        <source>&amp;Variants</source>
        <translation>方案变体(&amp;V)</translation>
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
    <name>parent</name>
    <message>
        <source>message size (nccl-tests size column)</source>
        <translation>消息大小（nccl-tests 的 size 列）</translation>
    </message>
</context>
</TS>
