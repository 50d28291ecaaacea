"""The roots agent `dateien_wurzeln` (dateien.md §2a, §8.2a): the service (listed in `api.catalog`)."""


