"""Design templates: a generator that turns a short spec into a complete design. No Qt."""

from planner_gui.templates.generator import build_design, generate_design
from planner_gui.templates.spec import TOPOLOGIES, TemplateError, TemplateSpec

__all__ = ["TOPOLOGIES", "TemplateError", "TemplateSpec", "build_design", "generate_design"]
