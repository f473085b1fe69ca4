"""The command line: `amul-table`'s parser and its commands (score, records, review, ...); the window's
commands hand over to amul_table.app, the server's to amul_table.net."""
