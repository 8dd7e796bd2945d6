"""Planning searches on designs: the layouts of a model on a design, and the designs for a training goal.

:func:`plan_design` ranks parallel layouts on the GPUs and fabric of an existing design;
:func:`plan_clusters` builds candidate designs from the catalog and templates and ranks them by the
cost and time to train (engine/training/planner.py does the layout search for both).
"""

from planner_gui.engine.planning.clusters import ClusterCandidate, ClusterPlan, SearchCancelled, plan_clusters
from planner_gui.engine.planning.design_plan import DesignPlan, plan_design
from planner_gui.engine.planning.request import PAY_OPTIONS, ClusterRequest

__all__ = ["PAY_OPTIONS", "ClusterCandidate", "ClusterPlan", "ClusterRequest", "DesignPlan", "SearchCancelled",
           "plan_clusters",
           "plan_design"]
