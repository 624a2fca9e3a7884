package parser

import "github.com/forocl/forocl/diag"

// The diagnostic codes of the preprocessor (cpp.go) and of fixed form
// (fixed.go); see codes.go.
var (
	codeCppDirectiveUnknown = diag.Define(diag.CodeInfo{Code: "cpp-directive-unknown", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "unknown preprocessor directive \"#…\"",
		Help:    "forocl's preprocessor knows #define, #undef, #if, #ifdef, #ifndef, #elif, #else, #endif, #include, #error and #warning (#pragma is ignored; #line renumbers the lines for __LINE__ and __FILE__). Another word after \"#\" is usually a typo, and skipping it could keep code that should have been left out."})
	codeCppDirectiveMalformed = diag.Define(diag.CodeInfo{Code: "cpp-directive-malformed", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "malformed preprocessor directive",
		Help:    "The directive lacks a part it needs: a macro name after #define, #undef, #ifdef or #ifndef, a closed parameter list of names, or a \"file\" after #include."})
	codeCppConditionalUnbalanced = diag.Define(diag.CodeInfo{Code: "cpp-conditional-unbalanced", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "#else, #elif or #endif without #if, or #if without #endif",
		Help:    "Every #if, #ifdef and #ifndef needs its own #endif in the same file, and #elif and #else may not follow the group's #else; otherwise which lines are kept is a guess."})
	codeCppIfExpression = diag.Define(diag.CodeInfo{Code: "cpp-if-expression", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "bad #if expression",
		Help:    "#if and #elif take an integer expression: numbers, defined(NAME), macros, ! && || ?:, comparisons and + - * / % << >> & | ^ ~. A name that is not a macro counts as 0, as in C."})
	codeCppIncludeNotFound = diag.Define(diag.CodeInfo{Code: "cpp-include-not-found", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "#include file not found",
		Help:    "An #include \"file\" is searched in the folder of the file that includes it, then in each -I directory in order."})
	codeCppIncludeTooDeep = diag.Define(diag.CodeInfo{Code: "cpp-include-too-deep", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "#include nested too deeply",
		Help:    "Includes nest at most 40 deep; deeper nesting almost always means a file includes itself without an #ifndef guard."})
	codeCppMacroCall = diag.Define(diag.CodeInfo{Code: "cpp-macro-call", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "a function-like macro is used with the wrong arguments",
		Help:    "A function-like macro takes as many arguments as it has parameters, in parentheses closed on the same line; its expansion must stay under a million bytes."})
	codeCppError = diag.Define(diag.CodeInfo{Code: "cpp-error", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "#error …",
		Help:    "The file stops itself with #error, usually because a needed macro is not defined: pass it with -D NAME=VALUE."})
	codeFixedFormLabel = diag.Define(diag.CodeInfo{Code: "fixed-form-label", Severity: diag.Error, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "columns 1-5 of a fixed-form line hold something other than a label",
		Help:    "In fixed form (.f, .for, .F files) columns 1-5 hold a numeric statement label, column 6 marks a continuation and statements start in column 7. Text in columns 1-5 usually means a free-form file with a fixed-form extension: rename it .f90 or pass -ffree-form."})
	codeFixedFormTruncated = diag.Define(diag.CodeInfo{Code: "fixed-form-truncated", Severity: diag.Warning, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "a statement runs past column 72, where fixed form ignores the rest of the line",
		Help:    "Fixed form reads columns 7-72 only (columns 73-80 held card sequence numbers). A token cut at column 72, or a macro expansion that pushes text past it, would silently change the statement: continue it on the next line with a character in column 6."})
	codeCppWarning = diag.Define(diag.CodeInfo{Code: "cpp-warning", Severity: diag.Warning, Stage: "parser", Topic: "Preprocessor and fixed form",
		Summary: "#warning …",
		Help:    "The file reports something with #warning; the message is the file author's."})
)
