"""The PDF proposal (issue 6).

``report.content`` builds the proposal as data (pure Python, no Qt): ``build_proposal(design,
catalog, analysis, lang) -> ReportDocument``. ``report.render`` lays it out and paints a vector PDF
with QPdfWriter: ``export_pdf(design, catalog, path, lang, paper) -> ExportResult``. This package
imports neither, so importing it stays headless and cheap.
"""
