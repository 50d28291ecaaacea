"""The contract between the turn graph and the agents (docs/architecture.md "Layers": `agents` between `embed` and `memory`).

Every agent package speaks it: `Deps` (what a run may use), `AgentRequest` in, `ServiceResult` out, the one
shared confirm step, prompt blocks (`Block`), pending questions and learned verb mappings. Nothing here
knows an agent by name and nothing registers on import: the explicit catalog lives above (`api.catalog`).
"""
