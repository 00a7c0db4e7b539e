import Foundation
import VerbatimCLI

exit(await VerbatimCLI.main())
