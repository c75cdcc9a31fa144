"""The core's hand-written SQL machinery, game-free: set-based writes, COPY, pipelined
writes, hot reads loaded as the ORM would, and the page-version triggers. Each module's
measured reason, and why the ORM or a library does not do its job: README.md here."""
