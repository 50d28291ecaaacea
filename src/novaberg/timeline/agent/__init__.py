"""The timeline agent (timeline.md §2): importing the package registers the service and the `[TERMINE]` reader."""

from novaberg.timeline.agent.dispatch import register

register()
