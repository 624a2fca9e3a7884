package parser

import "github.com/forocl/forocl/diag"

// Codes of the preprocessor's limits (issue 20, Note [preprocessor limits]
// in cpp.go): what an #include may read and how much text and work the
// preprocessor may make from one file.
var (
	codeCppIncludeNotRegular = diag.Define(diag.CodeInfo{Code: "cpp-include-not-regular", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "an #include names a device, a pipe or a directory",
		Help:    "#include reads regular files only: a device such as /dev/zero or a pipe would be read without end, or wait for a writer for ever. forocl stops preprocessing the file. Name a Fortran file."})
	codeCppIncludeTooLarge = diag.Define(diag.CodeInfo{Code: "cpp-include-too-large", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "an #include'd file is larger than 16 MiB",
		Help:    "An included file is read up to 16 MiB, the limit on source files, whatever size it claims (/proc files claim 0); a larger one is almost certainly not the file meant. forocl stops preprocessing the file."})
	codeCppOutputTooLarge = diag.Define(diag.CodeInfo{Code: "cpp-output-too-large", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "the preprocessed file grows past 16 MiB",
		Help:    "The preprocessed text of one file is at most 16 MiB, counting each included file every time it is included and each macro expansion as it is made; a file that includes another twice at each level doubles at each level. forocl stops at the #include or macro use that passes the limit. Guard included files with #ifndef NAME / #define NAME / #endif, and keep macros small."})
	codeCppExpansionWork = diag.Define(diag.CodeInfo{Code: "cpp-expansion-work", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "macro expansion takes too much work",
		Help:    "Macro expansion may scan at most 128 Mi bytes for one file: macros that each use the one before several times multiply at each level, even when they expand to nothing, and would take hours. forocl stops at the macro use that passes the limit. Write the text out, or use a Fortran function."})
)
