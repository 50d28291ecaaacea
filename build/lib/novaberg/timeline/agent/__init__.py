"""The timeline agent (timeline.md §2): the service, its route hint and the `[TERMINE]` reader (listed in
`api.catalog`)."""


