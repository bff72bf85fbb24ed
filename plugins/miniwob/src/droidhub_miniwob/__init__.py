"""MobileMiniWoB++ for droidhub: MiniWoB++ pages in a WebView app, rewards read through intents."""

__version__ = "0.1.0"
