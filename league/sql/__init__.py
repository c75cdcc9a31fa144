"""The core's hand-written SQL machinery, game-free: set-based writes, COPY, pipelined
writes, hot reads loaded as the ORM would, and the page-version triggers."""
