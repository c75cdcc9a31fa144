"""The engine version recorded with every simulation (M-D8): bump it when results change."""

ENGINE_VERSION = "1.0.0"
