"""Cluster Planner: design GPU training clusters and hand the customer a proposal."""

__version__ = "0.1.0"
