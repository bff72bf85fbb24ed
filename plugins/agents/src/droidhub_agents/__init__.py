"""droidhub-agents: T3A- and M3A-style LLM agents over OpenAI-compatible servers."""

__version__ = "0.1.0"
