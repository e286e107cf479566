"""The GM's app's own files beside the actions: the demo campaign a first run opens, and the
report an unexpected error leaves behind."""

from gmtool.store.crash_report import write_crash_report
from gmtool.store.demo import demo_campaign_path, ensure_demo_campaign

__all__ = ["demo_campaign_path", "ensure_demo_campaign", "write_crash_report"]
