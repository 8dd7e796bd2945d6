"""About: the version, and the licences of the libraries the app ships with."""

from __future__ import annotations

from importlib import metadata

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from planner_gui import __version__

# (distribution, licence, project URL): the runtime dependencies of pyproject.toml, with the licence
# each project states on its PyPI page.
LICENCES = (
    ("PySide6-Essentials", "LGPLv3", "https://pyside.org"),
    ("pyqtgraph", "MIT", "https://www.pyqtgraph.org"),
    ("numpy", "BSD-3-Clause", "https://numpy.org"),
    ("networkx", "BSD-3-Clause", "https://networkx.org"),
    ("platformdirs", "MIT", "https://github.com/tox-dev/platformdirs"),
)


def _installed_version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:  # a frozen build without dist-info
        return "?"


def about_html() -> str:
    rows = "".join(f"<tr><td><a href='{url}'>{name}</a></td><td>{_installed_version(name)}</td><td>{licence}</td></tr>"
                   for name, licence, url in LICENCES)
    title = QCoreApplication.translate("AboutDialog", "Cluster Planner")
    blurb = QCoreApplication.translate("AboutDialog", "Design GPU training clusters: racks, fabric, collectives, "
                                       "power, cost.")
    built = QCoreApplication.translate("AboutDialog", "Built with these libraries:")
    head = [QCoreApplication.translate("AboutDialog", "Library"), QCoreApplication.translate("AboutDialog", "Version"),
            QCoreApplication.translate("AboutDialog", "Licence")]
    lgpl = QCoreApplication.translate("AboutDialog", "PySide6 (Qt) is used under the LGPLv3; you may replace it "
                                      "with your own build.")
    return (f"<h3>{title} {__version__}</h3><p>{blurb}</p><p>{built}</p><table cellpadding='3'><tr>"
            + "".join(f"<th>{h}</th>" for h in head) + f"</tr>{rows}</table><p>{lgpl}</p>")


def show_about(parent: QWidget) -> None:
    QMessageBox.about(parent, QCoreApplication.translate("AboutDialog", "About Cluster Planner"), about_html())
