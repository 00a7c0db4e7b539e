import LanguageModels
import VerbatimCLI

// Model work still running when the process tears llama.cpp down crashes it: stop it first.
await SystemLanguageModel.exitAfterStoppingAllWork(await VerbatimCLI.main(Array(CommandLine.arguments.dropFirst())))
