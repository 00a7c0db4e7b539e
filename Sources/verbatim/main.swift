import Foundation
import VerbatimCLI

exit(await VerbatimCLI.main(Array(CommandLine.arguments.dropFirst())))
