"""pytest fixtures for plugin authors (a virtual phone per test); see droidhub.virtual."""
