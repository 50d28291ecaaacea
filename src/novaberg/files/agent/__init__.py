"""The roots agent `dateien_wurzeln` (dateien.md §2a, §8.2a): importing the package registers the service."""

from novaberg.files.agent.agent import register

register()
