// VerbatimCLI
