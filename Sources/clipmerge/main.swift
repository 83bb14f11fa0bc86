import ClipMergeCLI
import Foundation

exit(ClipMerge.main(Array(CommandLine.arguments.dropFirst())))
