"""Sub-commands of the `gmtool` CLI, one module each.

Each module defines `configure(parser)` to add its arguments and `run(args) -> int`.
`gmtool.cli` imports a module only when its command is used, so start-up stays fast.
"""
