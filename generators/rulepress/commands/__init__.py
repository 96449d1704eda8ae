"""One module per command-line verb.

Each module's docstring says what its verb does, for `rulepress --help` too (cli.py reads
it): "`rulepress VERB …`: the help line.", a blank line, then the description; any later
paragraph is for developers. Each defines `add_arguments(parser)` and
`run(project, args) -> exit code`. To add a verb, write the module and list its name in
COMMANDS.
"""

COMMANDS = ("check", "build", "serve", "query", "schema", "import_bmo", "friend_computer", "odds", "cards",
            "army")
