"""The hardware catalog: every figure with a source. No Qt."""

from planner_gui.catalog.loader import (
    Catalog,
    CatalogEntry,
    bundled_catalog,
    default_user_catalog_path,
    load_catalog,
)

__all__ = ["Catalog", "CatalogEntry", "bundled_catalog", "default_user_catalog_path", "load_catalog"]
