"""One module per command-line verb.

Each module defines HELP (one line), DESCRIPTION, `add_arguments(parser)` and
`run(project, args) -> exit code`. To add a verb, write the module and list
its name in COMMANDS.
"""

COMMANDS = ("check", "build", "serve", "query", "schema", "import_bmo", "friend_computer", "odds", "cards",
            "army")
