package parser

import "github.com/forocl/forocl/diag"

// The diagnostic codes of parser: one diag.Define entry per rule. docs/errors.md
// is generated from these entries, and each needs an example in
// robust/testdata/errors/CODE.f90 (see ARCHITECTURE.md, "Where to start").
var (
	codeInvalidUtf8 = diag.Define(diag.CodeInfo{Code: "invalid-utf8", Severity: diag.Error, Stage: "parser", Topic: "Syntax: characters and literals",
		Summary: "invalid byte 0xXX (the file is not valid UTF-8)",
		Help:    "Sources are read as UTF-8 so that positions and carets are exact; a stray byte usually means a file saved in another encoding."})
	codeInvalidCharacter = diag.Define(diag.CodeInfo{Code: "invalid-character", Severity: diag.Error, Stage: "parser", Topic: "Syntax: characters and literals",
		Summary: "invalid character outside a string or comment",
		Help:    "Only Fortran's own punctuation may appear outside strings and comments; other ASCII symbols (\"$\", \"~\", \"?\", ...) start no token. A control character outside a string or comment is never Fortran, and would be invisible in an editor. Fortran names and operators are ASCII; non-ASCII letters are fine in comments and strings only."})
	codeUnterminatedString = diag.Define(diag.CodeInfo{Code: "unterminated-string", Severity: diag.Error, Stage: "parser", Topic: "Syntax: characters and literals",
		Summary: "unterminated string",
		Help:    "A string must end on its line or continue with \"&\"; otherwise everything after the quote would silently become part of it."})
	codeMisplacedAmpersand = diag.Define(diag.CodeInfo{Code: "misplaced-ampersand", Severity: diag.Error, Stage: "parser", Topic: "Syntax: characters and literals",
		Summary: "unexpected \"&\" in the middle of a line",
		Help:    "A continuation \"&\" must end its line (only a comment may follow); anywhere else it is a typo that would change the statement."})
	codeContinuationAtEof = diag.Define(diag.CodeInfo{Code: "continuation-at-eof", Severity: diag.Error, Stage: "parser", Topic: "Syntax: characters and literals",
		Summary: "statement continues past the end of the file",
		Help:    "A trailing \"&\" promises another line; at the end of the file the statement is incomplete."})
	codeIntegerLiteralTooLarge = diag.Define(diag.CodeInfo{Code: "integer-literal-too-large", Severity: diag.Error, Stage: "parser", Topic: "Syntax: characters and literals",
		Summary: "integer literal … is too large",
		Help:    "Integer constants are kept as 64-bit values while checking; a larger one cannot mean what was written."})
	codeRealLiteralOutOfRange = diag.Define(diag.CodeInfo{Code: "real-literal-out-of-range", Severity: diag.Error, Stage: "parser", Topic: "Syntax: characters and literals",
		Summary: "real literal … is out of range",
		Help:    "A real constant beyond the range of real(8) would become infinity, which is certainly not what was meant."})
	codeSyntaxUnexpectedToken = diag.Define(diag.CodeInfo{Code: "syntax-unexpected-token", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "a token cannot continue the statement",
		Help:    "The token cannot continue the statement at that point; the caret shows where parsing stopped."})
	codeSyntaxUnexpectedEnd = diag.Define(diag.CodeInfo{Code: "syntax-unexpected-end", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "unexpected end of statement",
		Help:    "The statement stops where more is needed (an operand, a name, a closing part)."})
	codeSyntaxUnrecognisedStatement = diag.Define(diag.CodeInfo{Code: "syntax-unrecognised-statement", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "unrecognised statement",
		Help:    "The statement starts with nothing forocl knows: no keyword, no assignment, no call."})
	codeSyntaxNestingTooDeep = diag.Define(diag.CodeInfo{Code: "syntax-nesting-too-deep", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expression nested too deeply",
		Help:    "Brackets nest at most 200 deep, which bounds the parser's recursion on hostile input; real code never gets near it."})
	codeSyntaxUnmatchedBracket = diag.Define(diag.CodeInfo{Code: "syntax-unmatched-bracket", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "unexpected \"…\" without a matching opening bracket",
		Help:    "Every closing bracket needs an opening one; the first unmatched one is reported."})
	codeSyntaxMismatchedBracket = diag.Define(diag.CodeInfo{Code: "syntax-mismatched-bracket", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expected \"…\", found \"…\"",
		Help:    "Brackets must close in the order they were opened: \"(\" with \")\", \"[\" with \"]\", \"(/\" with \"/)\"."})
	codeSyntaxUnclosedBracket = diag.Define(diag.CodeInfo{Code: "syntax-unclosed-bracket", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expected \"…\"",
		Help:    "A bracket is still open at the end of the statement; the note shows which one."})
	codeSyntaxChainedRelational = diag.Define(diag.CodeInfo{Code: "syntax-chained-relational", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "relational operators cannot be chained; write \"(a < b) .and. (b < c)\"",
		Help:    "In Fortran \"a < b < c\" is not a range test (it is an error); the message says how to write what was meant."})
	codeSyntaxExpectedParen = diag.Define(diag.CodeInfo{Code: "syntax-expected-paren", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expected \"(\" and a condition after \"if\", \"where\" or \"elsewhere\"",
		Help:    "\"if\", \"where\" and \"elsewhere\" take their condition in parentheses."})
	codeSyntaxExpectedCondition = diag.Define(diag.CodeInfo{Code: "syntax-expected-condition", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expected a condition in \"…\"",
		Help:    "Empty parentheses after \"if\" or \"where\" leave the construct without a condition."})
	codeSyntaxExpectedThen = diag.Define(diag.CodeInfo{Code: "syntax-expected-then", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expected \"then\" at the end of \"else if (...)\"",
		Help:    "\"else if (condition)\" continues a block \"if\" construct and must end in \"then\"."})
	codeSyntaxIfWithoutThen = diag.Define(diag.CodeInfo{Code: "syntax-if-without-then", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expected \"then\" or a statement after \"if (...)\"",
		Help:    "An \"if (condition)\" is either a block (\"then\") or guards one statement on the same line; alone it does neither."})
	codeSyntaxTrailingText = diag.Define(diag.CodeInfo{Code: "syntax-trailing-text", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "unexpected text after a statement that must stand alone",
		Help:    "The statements of a block \"if\" go on the following lines, not after \"then\". \"else\" stands alone on its line (or is \"else if (...) then\"); the statements of the branch follow on the next lines. The assignments of an \"elsewhere\" branch go on the following lines. \"end\" may be followed only by the kind of unit or construct it closes (\"end subroutine\", \"end where\", ...). An end, else or elsewhere statement may name only the unit or construct it belongs to (\"w: where (...)\" ... \"elsewhere w\"); any other word after it is a typo, such as \"elsewhere (mask) then\". \"contains\" stands alone on its line; the procedures follow on the next lines. A module or program statement holds only the name."})
	codeSyntaxNestedOneLineIf = diag.Define(diag.CodeInfo{Code: "syntax-nested-one-line-if", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "a one-line \"if\" cannot contain another one-line \"if\"",
		Help:    "Fortran forbids nesting one-line \"if\" statements; combine the conditions with \".and.\" instead."})
	codeSyntaxOneLineIfStatement = diag.Define(diag.CodeInfo{Code: "syntax-one-line-if-statement", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "… \"…\" statement is not allowed after \"…\"",
		Help:    "A one-line \"if\" or \"where\" guards a single executable statement, not a declaration or the start of a construct."})
	codeSyntaxExpectedDoubleColon = diag.Define(diag.CodeInfo{Code: "syntax-expected-double-colon", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expected \"::\" between the attributes and the names",
		Help:    "With attributes after the type (\", dimension(:)\"), Fortran requires \"::\" before the names."})
	codeInvalidIntent = diag.Define(diag.CodeInfo{Code: "invalid-intent", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "an intent must be in, out or inout",
		Help:    "An intent is one of in, out or inout (\"in out\" is accepted as inout); anything else is a typo."})
	codeSyntaxMalformedDimension = diag.Define(diag.CodeInfo{Code: "syntax-malformed-dimension", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "malformed dimension(...) attribute",
		Help:    "dimension(...) lists one extent, bound pair, \":\" or \"*\" per dimension; with nothing valid inside, the name would silently become a scalar."})
	codeDimensionStatement = diag.Define(diag.CodeInfo{Code: "dimension-statement", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "a dimension statement needs names with their dimensions",
		Help:    "A dimension statement exists to give shapes: it needs names, and every name in it needs its (...)."})
	codeAttributeStatementShape = diag.Define(diag.CodeInfo{Code: "attribute-statement-shape", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "unexpected dimensions or initialiser in … \"…\" statement",
		Help:    "Attribute statements such as \"intent(in) :: x\" list bare names; shapes and values belong in the declaration."})
	codeUseOnlyColon = diag.Define(diag.CodeInfo{Code: "use-only-colon", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expected \":\" after \"only\"",
		Help:    "The names that \"use m, only: a, b\" imports follow a colon; without it the list would read as renames."})
	codeUseRenameArrow = diag.Define(diag.CodeInfo{Code: "use-rename-arrow", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expected \"=>\" after \"…\"",
		Help:    "Without \"only\", the list after the module name renames (\"local => remote\"); to import just some names write \"use m, only: a, b\"."})
	codeSubroutineResult = diag.Define(diag.CodeInfo{Code: "subroutine-result", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "a subroutine cannot have a type or a \"result\"",
		Help:    "Only functions return a value, so only a function statement may start with a type or name a result variable; make it a function, or drop the type and \"result\"."})
	codeAlternateReturn = diag.Define(diag.CodeInfo{Code: "alternate-return", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "alternate returns are not supported",
		Help:    "Alternate returns (\"*\" dummies) are an obsolescent jump out of a procedure; there is no way to express them in a kernel."})
	codeTypePrefixTwice = diag.Define(diag.CodeInfo{Code: "type-prefix-twice", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "more than one type prefix",
		Help:    "A function statement can give the result's type once."})
	codeSyntaxExpectedUnitName = diag.Define(diag.CodeInfo{Code: "syntax-expected-unit-name", Severity: diag.Error, Stage: "parser", Topic: "Syntax: statements",
		Summary: "expected a module or program name",
		Help:    "A module or program statement must name the unit with a Fortran name: a letter followed by letters, digits and underscores."})
	codeUnitNotClosed = diag.Define(diag.CodeInfo{Code: "unit-not-closed", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "a program unit is never closed",
		Help:    "Every module, subroutine and function needs its end statement; the hint shows it, the note where forocl noticed it was missing. A main program (statements outside any unit open one), interface block or type definition needs its end statement."})
	codeConstructNotClosed = diag.Define(diag.CodeInfo{Code: "construct-not-closed", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "\"…\" construct is never closed",
		Help:    "A \"where\" or \"if\" construct needs \"end where\" or \"end if\" before its unit ends, or every later statement would belong to it."})
	codeEndKindMismatch = diag.Define(diag.CodeInfo{Code: "end-kind-mismatch", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "\"…\" cannot close … \"…\"",
		Help:    "An end statement that names a kind of unit must close that kind (\"end function\" cannot close a subroutine)."})
	codeEndNameMismatch = diag.Define(diag.CodeInfo{Code: "end-name-mismatch", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "end … \"…\" does not match … \"…\"",
		Help:    "An end statement that names its unit must name the one it closes; a mismatch usually means a missing end further up."})
	codeStrayEnd = diag.Define(diag.CodeInfo{Code: "stray-end", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "a closing statement with nothing open to close",
		Help:    "A closing statement (end, end if, else, elsewhere, ...) with nothing open for it to close."})
	codeElseAfterElse = diag.Define(diag.CodeInfo{Code: "else-after-else", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "an \"else\" or \"else if\" after the \"else\" of an \"if\" construct",
		Help:    "An \"if\" construct has at most one \"else\" branch. \"else\" is the last branch of an \"if\" construct; an \"else if\" after it could never run."})
	codeElsewhereAfterFinal = diag.Define(diag.CodeInfo{Code: "elsewhere-after-final", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "\"elsewhere\" after the final \"elsewhere\"",
		Help:    "An \"elsewhere\" without a mask takes every remaining element; a masked one after it could never assign anything."})
	codeSpecInConstruct = diag.Define(diag.CodeInfo{Code: "spec-in-construct", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "… \"…\" statement is not allowed inside … \"…\" construct",
		Help:    "Declarations and other specification statements belong before the first executable statement, not inside an \"if\" or \"where\"."})
	codeContainsTwice = diag.Define(diag.CodeInfo{Code: "contains-twice", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "second \"contains\" in … \"…\"",
		Help:    "A unit has one \"contains\", which separates its specifications from its procedures."})
	codeProcedureBeforeContains = diag.Define(diag.CodeInfo{Code: "procedure-before-contains", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "… \"…\" must follow \"contains\"",
		Help:    "The procedures of a module come after its \"contains\" statement."})
	codeStatementOutsideUnit = diag.Define(diag.CodeInfo{Code: "statement-outside-unit", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "statement outside any subroutine or function",
		Help:    "After \"contains\" a module holds only procedures; a statement there belongs to none (often a bare \"end\" closed the procedure early)."})
	codeExecInModuleSpec = diag.Define(diag.CodeInfo{Code: "exec-in-module-spec", Severity: diag.Error, Stage: "parser", Topic: "Syntax: units and constructs",
		Summary: "executable statement in the specification part of a module",
		Help:    "A module's specification part declares things; statements that do things belong in a procedure after \"contains\"."})
	codeDirectiveMalformed = diag.Define(diag.CodeInfo{Code: "directive-malformed", Severity: diag.Error, Stage: "parser", Topic: "Directives",
		Summary: "malformed !$OFP directive",
		Help:    "A directive needs its attributes (PURE, KERNEL) and the procedure it applies to. A directive names the procedure it applies to after \"::\". The attributes of a directive are separated by commas and end with \"::\". A directive applies to named procedures; \"::\" must be followed by at least one name. A directive holds only words, commas and \"::\"; anything else is a typo."})
	codeDirectiveMisplaced = diag.Define(diag.CodeInfo{Code: "directive-misplaced", Severity: diag.Warning, Stage: "parser", Topic: "Warnings",
		Summary: "!$OFP directive is neither inside nor just before a subroutine or function",
		Help:    "A directive applies to the procedure it sits in or directly precedes; elsewhere it is easily misread (it still names its kernels)."})
)
