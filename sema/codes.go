package sema

import "github.com/forocl/forocl/diag"

// The diagnostic codes of sema: one diag.Define entry per rule. docs/errors.md
// is generated from these entries, and each needs an example in
// robust/testdata/errors/CODE.f90 (see ARCHITECTURE.md, "Where to start").
var (
	codeDirectiveUnknownKernel = diag.Define(diag.CodeInfo{Code: "directive-unknown-kernel", Severity: diag.Error, Stage: "sema", Topic: "Directives",
		Summary: "directive names \"…\", but no subroutine or function \"…\" is defined",
		Help:    "A kernel is a subroutine that writes its results into intent(out) arrays, or a function whose result is its output; a directive that names anything else (or a misspelt name) would silently translate nothing."})
	codeNoImplicitType = diag.Define(diag.CodeInfo{Code: "no-implicit-type", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "a name has no type and implicit none is in effect",
		Help:    "Under \"implicit none\" every name needs a declared type, exactly as a Fortran compiler requires. The result of a function needs a type like any other name."})
	codeUndefinedName = diag.Define(diag.CodeInfo{Code: "undefined-name", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "undefined name or function",
		Help:    "A name that is neither declared, use-associated, an intrinsic nor (without implicit none) implicitly typed cannot be translated. A constant expression refers to a name that is not declared anywhere forocl can see."})
	codeDeclaredTwice = diag.Define(diag.CodeInfo{Code: "declared-twice", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "\"…\" is declared twice",
		Help:    "Each name has one type; a second declaration is a mistake even if it agrees with the first."})
	codeFunctionTypeTwice = diag.Define(diag.CodeInfo{Code: "function-type-twice", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "the type of \"…\" is given twice",
		Help:    "A function's result type is given either before \"function\" or in a declaration of the result, not both."})
	codeImplicitRule = diag.Define(diag.CodeInfo{Code: "implicit-rule", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "implicit typing rules other than \"implicit none\" are not supported by forocl",
		Help:    "forocl knows Fortran's default implicit typing (i-n integer, otherwise real) and \"implicit none\"; custom rules are rare and error-prone."})
	codeUnsupportedSpecStatement = diag.Define(diag.CodeInfo{Code: "unsupported-spec-statement", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "\"…\" statement is not supported by forocl in …",
		Help:    "Specification statements such as data, common, equivalence or a parameter statement have no place in a kernel; the hint gives the alternative."})
	codeUnsupportedAttribute = diag.Define(diag.CodeInfo{Code: "unsupported-attribute", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "attribute \"…\" of \"…\" is not supported by forocl",
		Help:    "forocl knows the attributes a kernel needs (dimension, intent, contiguous, target, pointer, allocatable, value, parameter, save, optional); others (volatile, asynchronous, ...) have no meaning on a GPU."})
	codeIntentNotDummy = diag.Define(diag.CodeInfo{Code: "intent-not-dummy", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "\"…\" has an intent but is not a dummy argument",
		Help:    "Intents describe how arguments are passed; a local variable has none (usually a misspelt argument name)."})
	codeOptionalArgument = diag.Define(diag.CodeInfo{Code: "optional-argument", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "optional argument \"…\" is not supported by forocl",
		Help:    "A kernel's arguments are always passed by the host; there is no \"absent\" argument in OpenCL."})
	codeDummyParameter = diag.Define(diag.CodeInfo{Code: "dummy-parameter", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "dummy argument \"…\" cannot be a named constant",
		Help:    "An argument receives its value from the caller, so it cannot also be a parameter."})
	codeDummyPointer = diag.Define(diag.CodeInfo{Code: "dummy-pointer", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "dummy argument \"…\" must not be a pointer or allocatable",
		Help:    "Kernel arrays are plain device buffers: assumed-shape, contiguous arrays with no pointer or allocation status."})
	codeScalarPointer = diag.Define(diag.CodeInfo{Code: "scalar-pointer", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "scalar \"…\" cannot be a pointer or allocatable",
		Help:    "Pointers and allocatables in a kernel are arrays (region pointers and temporaries); a scalar one has no translation."})
	codeLocalArrayNotAllocatable = diag.Define(diag.CodeInfo{Code: "local-array-not-allocatable", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "local array \"…\" must be allocatable",
		Help:    "A local array of the grid's rank is a temporary whose shape comes from its first assignment, which Fortran allows only for allocatables."})
	codeInternalProcedure = diag.Define(diag.CodeInfo{Code: "internal-procedure", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "internal procedure \"…\" is not allowed in …",
		Help:    "Procedures contained in a kernel would share its variables; forocl translates only module-level elemental functions."})
	codeSaveLocal = diag.Define(diag.CodeInfo{Code: "save-local", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "a kernel or function cannot change a local with the save attribute",
		Help:    "Every work-item runs the kernel afresh; a saved variable's value from one launch cannot reach the next. In Fortran an initialiser implies save, so assigning the variable would make later calls see the new value; forocl treats it as a constant and refuses to change it."})
	codeParameterNoValue = diag.Define(diag.CodeInfo{Code: "parameter-no-value", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "named constant \"…\" has no value",
		Help:    "A parameter is defined by its initialiser."})
	codeParameterCycle = diag.Define(diag.CodeInfo{Code: "parameter-cycle", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "named constant \"…\" is defined in terms of itself",
		Help:    "A constant's value cannot depend on itself, directly or through other constants."})
	codeAssignToParameter = diag.Define(diag.CodeInfo{Code: "assign-to-parameter", Severity: diag.Error, Stage: "sema", Topic: "Declarations",
		Summary: "cannot assign to named constant \"…\"",
		Help:    "A parameter is a compile-time constant; it cannot change."})
	codeNotConstant = diag.Define(diag.CodeInfo{Code: "not-constant", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "a constant expression names a variable or function",
		Help:    "A named constant or kind can only be computed from other constants; a variable's value is known only at run time. A function name (without arguments) is not a value."})
	codeConstCall = diag.Define(diag.CodeInfo{Code: "const-call", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "a function that forocl cannot evaluate in a constant expression",
		Help:    "forocl evaluates constants itself and does not run user functions while compiling. forocl folds a fixed set of intrinsics in constants (kind, selected_real_kind, size, real, int, abs, min, max, mod, elementary functions, epsilon, ...); others must be computed at run time."})
	codeUnsupportedCharacter = diag.Define(diag.CodeInfo{Code: "unsupported-character", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "character data is not supported",
		Help:    "Kernels compute with numbers and logicals; OpenCL kernels have no strings, so character variables, constants and strings have no translation."})
	codeUnsupportedOperator = diag.Define(diag.CodeInfo{Code: "unsupported-operator", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "operator … is not supported by forocl",
		Help:    "Operators other than arithmetic, comparison and logical ones (for example \"//\" on strings) have no meaning in a kernel."})
	codeConstArrayOperator = diag.Define(diag.CodeInfo{Code: "const-array-operator", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "operator … on an array is not supported in a constant",
		Help:    "Array constants (halos, tables of loop kernels) support the element-wise arithmetic operators +, -, *, / and ** and unary minus; comparisons and logical operators on arrays are not folded."})
	codeConstArrayShape = diag.Define(diag.CodeInfo{Code: "const-array-shape", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "operands of … do not conform",
		Help:    "Element-wise operations need arrays of the same length."})
	codeConstArrayIntrinsic = diag.Define(diag.CodeInfo{Code: "const-array-intrinsic", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "\"…\" of an array is not supported in a constant",
		Help:    "Only size() takes an array in a constant expression; other intrinsics are folded for scalars."})
	codeConstArraySection = diag.Define(diag.CodeInfo{Code: "const-array-section", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "array sections are not supported in constants",
		Help:    "Constant integer arrays are taken whole or one element at a time."})
	codeArrayConstantType = diag.Define(diag.CodeInfo{Code: "array-constant-type", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "array constants must be integer or real arrays, of one type and kind, shaped as declared",
		Help:    "Array constants are halos (rank-1 integer arrays of offsets) and, in loop kernels, tables of integers or reals such as stencil weights. An array constructor's elements all have the type and kind of the first, as gfortran requires ([1.0_8, 0.5] mixes real(8) and real(4)); an array of rank 2 or more takes its value from reshape([...], [extents]) or a scalar. Logical array constants are not supported."})
	codeArrayConstantSize = diag.Define(diag.CodeInfo{Code: "array-constant-size", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "\"…\" has N elements but its value has N",
		Help:    "An array constant's declared size and its value must agree."})
	codeLogicalNumberConversion = diag.Define(diag.CodeInfo{Code: "logical-number-conversion", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a logical value where a number is needed, or the other way round",
		Help:    "Numbers and logicals do not convert into each other in Fortran."})
	codeNotAnArray = diag.Define(diag.CodeInfo{Code: "not-an-array", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "\"…\" is not an array",
		Help:    "Only arrays take subscripts."})
	codeSubscriptCount = diag.Define(diag.CodeInfo{Code: "subscript-count", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "a rank-1 array constant or halo takes one subscript",
		Help:    "Array constants and halos have rank 1, so an element is chosen with one subscript."})
	codeSubscriptNotInteger = diag.Define(diag.CodeInfo{Code: "subscript-not-integer", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "subscript must be an integer",
		Help:    "Fortran subscripts are integers."})
	codeSubscriptOutOfBounds = diag.Define(diag.CodeInfo{Code: "subscript-out-of-bounds", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "a constant subscript is out of bounds",
		Help:    "forocl knows the size of a constant or halo and refuses an element that does not exist."})
	codeConstDivisionByZero = diag.Define(diag.CodeInfo{Code: "const-division-by-zero", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "division by zero in a constant",
		Help:    "Division, mod and modulo by zero are undefined, so the constant would have no value."})
	codeIntrinsicArgumentCount = diag.Define(diag.CodeInfo{Code: "intrinsic-argument-count", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "wrong number of arguments to an intrinsic",
		Help:    "Each intrinsic takes a fixed number of arguments; min and max compare two or more values."})
	codeSizeOfScalar = diag.Define(diag.CodeInfo{Code: "size-of-scalar", Severity: diag.Error, Stage: "sema", Topic: "Constant expressions",
		Summary: "argument of size must be an array",
		Help:    "size counts the elements of an array."})
	codeUnsupportedKind = diag.Define(diag.CodeInfo{Code: "unsupported-kind", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a kind forocl does not support",
		Help:    "OpenCL has float and double only; there is no quad precision on GPUs. Kernel integers are OpenCL ints; other kinds would change overflow and the arguments' layout. Kernel logicals are OpenCL ints; other kinds have no counterpart."})
	codeSelectedKindUnavailable = diag.Define(diag.CodeInfo{Code: "selected-kind-unavailable", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "selected_real_kind or selected_int_kind asks for a kind forocl does not have",
		Help:    "forocl has real(4) and real(8) and 32-bit integers only, so a request for more precision or range cannot be met."})
	codeKindNotIntegerConstant = diag.Define(diag.CodeInfo{Code: "kind-not-integer-constant", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a kind must be an integer constant",
		Help:    "A kind selects a representation at compile time, so it is an integer constant. A kind suffix (1.0_dp) names an integer constant. The kind argument of real, int, nint, ... selects the result's type at compile time."})
	codeDExponentKind = diag.Define(diag.CodeInfo{Code: "d-exponent-kind", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a real literal with a \"d\" exponent cannot have a kind suffix",
		Help:    "A \"d\" exponent already makes the literal double precision; Fortran forbids adding a kind."})
	codeUnsupportedComplex = diag.Define(diag.CodeInfo{Code: "unsupported-complex", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "complex variables are not supported by forocl",
		Help:    "OpenCL C has no complex type; split the value into real and imaginary arrays."})
	codeUnsupportedDerivedType = diag.Define(diag.CodeInfo{Code: "unsupported-derived-type", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "a derived type forocl cannot find",
		Help:    "forocl takes a derived-type variable apart into its components, so it needs the type's definition: give the file that defines it (Note [derived-type dummies])."})
	codeOperandType = diag.Define(diag.CodeInfo{Code: "operand-type", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "an operand has the wrong type for its operator",
		Help:    "Arithmetic and comparisons take numbers; logicals do not convert to numbers in Fortran. .and., .or., .eqv. and .neqv. combine logicals; numbers are not truth values in Fortran. .not. negates a logical; numbers are not truth values in Fortran."})
	codeLogicalEquality = diag.Define(diag.CodeInfo{Code: "logical-equality", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "logical values are compared with .eqv. and .neqv., not …",
		Help:    "Fortran does not define == and /= on logicals."})
	codeConditionNotLogical = diag.Define(diag.CodeInfo{Code: "condition-not-logical", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "an if condition or where mask is not logical",
		Help:    "An if condition must be logical; numbers are not truth values in Fortran. A where mask selects elements with a logical array."})
	codeFunctionArgumentType = diag.Define(diag.CodeInfo{Code: "function-argument-type", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "argument N of \"…\" is …, expected …",
		Help:    "Arguments of an elemental function are converted between numeric kinds, but a logical cannot become a number or the other way round."})
	codeIntrinsicArgumentType = diag.Define(diag.CodeInfo{Code: "intrinsic-argument-type", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "an argument of an intrinsic has the wrong type",
		Help:    "Fortran defines sqrt, exp, sin and the like for reals only (write real(n) for an integer), the other numeric intrinsics for numbers, and merge(tsource, fsource, mask) picks by a logical mask."})
	codeMergeTypes = diag.Define(diag.CodeInfo{Code: "merge-types", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "arguments of \"merge\" are … and …; they must have the same type",
		Help:    "merge returns one of its first two arguments, so they need one type (numbers of different kinds are converted)."})
	codeUnsupportedIntrinsic = diag.Define(diag.CodeInfo{Code: "unsupported-intrinsic", Severity: diag.Error, Stage: "sema", Topic: "Types and kinds",
		Summary: "function \"…\" is not supported by forocl",
		Help:    "forocl translates the element-wise intrinsics; whole-array intrinsics (sum, cshift, matmul, ...) need communication between work-items that a kernel does not have."})
	codeKernelInout = diag.Define(diag.CodeInfo{Code: "kernel-inout", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "array \"…\" is intent(inout); kernel arrays must be intent(in) or intent(out) (double-buffer instead)",
		Help:    "Work-items run in no fixed order, so an array both read and written would give results that depend on scheduling; read the old values from one array and write the new ones to another. The rule is the region dialect's (region_cpy, region_ptr, WHERE, pointers): a kernel of array assignments without them updates intent(inout) arrays, a = a + s*b, going through a temporary where the right-hand side reads other elements of the array it assigns."})
	codeKernelArrayNoIntent = diag.Define(diag.CodeInfo{Code: "kernel-array-no-intent", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "array \"…\" has no intent; kernel arrays must be intent(in) or intent(out)",
		Help:    "forocl must know which arrays are inputs and which are outputs to generate the kernel and move the data."})
	codeKernelArrayNotAssumedShape = diag.Define(diag.CodeInfo{Code: "kernel-array-not-assumed-shape", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "array \"…\" must be assumed-shape",
		Help:    "Kernel arrays take their extents from the launch (dimension(:,:)); fixed or explicit shapes would tie the kernel to one grid."})
	codeKernelArrayRank = diag.Define(diag.CodeInfo{Code: "kernel-array-rank", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "array \"…\" has rank N; forocl supports ranks 1 to 3",
		Help:    "OpenCL launches have at most three dimensions."})
	codeKernelScalarIntent = diag.Define(diag.CodeInfo{Code: "kernel-scalar-intent", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "a scalar argument of a region kernel is neither intent(in) nor intent(out)",
		Help:    "A kernel written with array syntax and region_cpy (a region kernel) takes scalars as inputs (intent(in)) or results (intent(out), which the hosts return), and needs the intent declared; intent(inout) is not translated there: copy the input into a local, or take two dummies. A loop kernel takes intent(inout) scalars (a result that starts from the caller's value) and infers a missing intent from use."})
	codeKernelNoArrays = diag.Define(diag.CodeInfo{Code: "kernel-no-arrays", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "kernel \"…\" has no array arguments",
		Help:    "A kernel's grid comes from its arrays; without one there is nothing to launch over."})
	codeKernelDefinedTwice = diag.Define(diag.CodeInfo{Code: "kernel-defined-twice", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "kernel \"…\" is defined twice",
		Help:    "Kernels are launched by name, so two kernels with one name would be ambiguous."})
	codeAssignIntentIn = diag.Define(diag.CodeInfo{Code: "assign-intent-in", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "assignment to an intent(in) argument",
		Help:    "An intent(in) array is an input; other work-items may still be reading it. An intent(in) argument is an input, and Fortran forbids changing it. Declare the array intent(out) or intent(inout); in a loop kernel you may also leave the intent out, and forocl infers it from use (read only: in, written only: out, both: inout). This is one rule in every kind of kernel."})
	codeReadIntentOut = diag.Define(diag.CodeInfo{Code: "read-intent-out", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "an intent(out) array is read",
		Help:    "An intent(out) array's elements may be written by other work-items at any time, so reading them is a race; keep the value in a temporary. A region pointer points into an intent(out) array, so reading through it races with other work-items' writes."})
	codeStatementNotAllowed = diag.Define(diag.CodeInfo{Code: "statement-not-allowed", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "\"…\" is not allowed in …",
		Help:    "Kernel bodies are whole-array statements, where and if; loops, I/O, stop and jumps have no element-wise meaning (the hint gives the alternative)."})
	codeCallNotAllowed = diag.Define(diag.CodeInfo{Code: "call-not-allowed", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "call \"…\" is not allowed in …; kernels may call only elemental functions and intrinsics",
		Help:    "A subroutine call could have side effects and has no element-wise translation; compute with elemental functions."})
	codeArrayReference = diag.Define(diag.CodeInfo{Code: "array-reference", Severity: diag.Error, Stage: "sema", Topic: "Kernels and intents",
		Summary: "array sections and element references are outside forocl's subset",
		Help:    "Shifted views of arrays are written region_cpy(array, halo), which forocl turns into index offsets. Each work-item owns one grid point; reaching other elements is done with region_cpy and a halo, so forocl can plan the data each work-group needs."})
	codeHaloRankMismatch = diag.Define(diag.CodeInfo{Code: "halo-rank-mismatch", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "… has N entries but \"…\" has rank N; a halo needs 2*rank = N entries",
		Help:    "A halo gives a low and a high width for every dimension of the array."})
	codeHaloNegative = diag.Define(diag.CodeInfo{Code: "halo-negative", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "halo entry N is N; halo entries must be >= 0",
		Help:    "A region lies inside its array; a negative width would reach outside it."})
	codeHaloNotIntegerArray = diag.Define(diag.CodeInfo{Code: "halo-not-integer-array", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "a halo must be an integer array",
		Help:    "A halo is an integer array of widths, such as [1,1,1,1], or a name holding one."})
	codeHaloNotConstant = diag.Define(diag.CodeInfo{Code: "halo-not-constant", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "halo \"…\" is not constant here: …",
		Help:    "Halos become index offsets in the generated code, so their values must be known when compiling: set them from constants, outside if blocks."})
	codeHaloUnset = diag.Define(diag.CodeInfo{Code: "halo-unset", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "halo \"…\" is used before it is set",
		Help:    "A halo's value must be known where it is used."})
	codeHaloSizeMismatch = diag.Define(diag.CodeInfo{Code: "halo-size-mismatch", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "a halo is given a value of another length",
		Help:    "A halo's length is fixed by its declaration."})
	codeHaloSizeNotConstant = diag.Define(diag.CodeInfo{Code: "halo-size-not-constant", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "halo \"…\" must have a constant size, such as \"dimension(4)\"",
		Help:    "A local integer array is a halo, whose length (2*rank) is known when compiling."})
	codeHaloMisuse = diag.Define(diag.CodeInfo{Code: "halo-misuse", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "a halo or integer array used as a value",
		Help:    "A halo is a compile-time description of a region, not data a kernel computes with. Integer array constants exist to describe regions; only their elements are numbers a kernel computes with. Kernels work on whole grids; a literal array has no place in the grid."})
	codeRegionArguments = diag.Define(diag.CodeInfo{Code: "region-arguments", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "region_cpy and region_ptr take an array and a halo",
		Help:    "region_cpy(A, halo) is the interior of A shrunk by halo. region_ptr(A, halo) points at the interior of A shrunk by halo. region_cpy and region_ptr are functions of an array and a halo."})
	codeRegionCpyArray = diag.Define(diag.CodeInfo{Code: "region-cpy-array", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "the first argument of region_cpy must name an array of the kernel",
		Help:    "A region is an index offset into a kernel array, so it must name the array itself, not an expression. Regions are views of the kernel's grid arrays (dummies and temporaries)."})
	codeElementalScalarCode = diag.Define(diag.CodeInfo{Code: "elemental-scalar-code", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "array constructs inside elemental code",
		Help:    "Elemental functions compute one element at a time and see no neighbours; take regions in the kernel and pass the values in. Elemental code works on one element; local arrays would need private memory per work-item that forocl does not allocate. Elemental code works on one element, so an element-wise choice is an if."})
	codeCallRegionFunction = diag.Define(diag.CodeInfo{Code: "call-region-function", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "\"…\" is a function; it cannot be called with \"call\"",
		Help:    "region_cpy and region_ptr return values; use them in an expression or a pointer association."})
	codeRegionPtrInExpression = diag.Define(diag.CodeInfo{Code: "region-ptr-in-expression", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "region_ptr may only be used in a pointer association",
		Help:    "region_ptr marks the part of an output that a kernel writes: \"p => region_ptr(oA, halo)\", then assign to p."})
	codeRegionPtrTarget = diag.Define(diag.CodeInfo{Code: "region-ptr-target", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "region_ptr must point into an intent(out) array argument of the kernel",
		Help:    "Region pointers write results, which leave a kernel only through intent(out) arrays. A region pointer is an offset into an output array, so it must name the array itself."})
	codeRegionPtrIntentIn = diag.Define(diag.CodeInfo{Code: "region-ptr-intent-in", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "region_ptr target \"…\" is intent(…); region_ptr may only point into an intent(out) array",
		Help:    "Writing through a pointer into an input would race with work-items reading it; write into a second array (double buffering)."})
	codeRegionPtrNoTarget = diag.Define(diag.CodeInfo{Code: "region-ptr-no-target", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "region_ptr target \"…\" does not have the target attribute",
		Help:    "Fortran allows a pointer into an array only when the array has the target attribute; forocl keeps kernels valid Fortran."})
	codeNotAPointer = diag.Define(diag.CodeInfo{Code: "not-a-pointer", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "\"…\" is not a pointer; \"=>\" needs a pointer on the left",
		Help:    "\"=>\" associates a pointer; an ordinary variable is assigned with \"=\"."})
	codePointerNotRegionPtr = diag.Define(diag.CodeInfo{Code: "pointer-not-region-ptr", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "pointer \"…\" can only be associated with region_ptr(array, halo)",
		Help:    "In a kernel a pointer stands for a region of an output, which only region_ptr describes."})
	codePointerMismatch = diag.Define(diag.CodeInfo{Code: "pointer-mismatch", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "a region pointer does not match the arrays it points into",
		Help:    "A region pointer views a region of the grid, so it has the grid's rank. A pointer and its target must have the same type and kind."})
	codePointerUnassociated = diag.Define(diag.CodeInfo{Code: "pointer-unassociated", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "pointer \"…\" is used before it is associated",
		Help:    "An unassociated pointer points nowhere."})
	codePointerNotKnown = diag.Define(diag.CodeInfo{Code: "pointer-not-known", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "pointer \"…\" is not known here: …",
		Help:    "forocl must know which region a pointer refers to when compiling, so pointers are associated outside if blocks."})
	codePointerInWhere = diag.Define(diag.CodeInfo{Code: "pointer-in-where", Severity: diag.Error, Stage: "sema", Topic: "Halos and regions",
		Summary: "pointer association is not allowed in a where block",
		Help:    "A where block assigns masked elements; associating a pointer is not an element-wise operation."})
	codeKernelRankMismatch = diag.Define(diag.CodeInfo{Code: "kernel-rank-mismatch", Severity: diag.Error, Stage: "sema", Topic: "Shapes",
		Summary: "array \"…\" has rank N but \"…\" has rank N; all arrays of a kernel share one grid",
		Help:    "One launch covers one grid, so every array argument of a kernel has its rank."})
	codeShapeMismatch = diag.Define(diag.CodeInfo{Code: "shape-mismatch", Severity: diag.Error, Stage: "sema", Topic: "Shapes",
		Summary: "array shapes do not conform, or forocl cannot prove that they do",
		Help:    "Array operations combine elements position by position, so both sides must have the same extents (n1-2 is the grid's extent shrunk by a halo of 1 on each side). In a loop kernel, an array assignment such as a(2:n-1, :) = b(1:n-2, :) runs one implicit iteration per element of its left-hand side, so every array operand must have the same rank and, dimension by dimension, the same extent. forocl compares extents as affine expressions of the kernel's integer scalars and refuses what it cannot prove equal: write section bounds whose differences it can see, such as a(2:n-1) = b(1:n-2) rather than bounds through two unrelated sizes. The extent of an assumed-shape dummy is the exception: it takes the extent the operation needs, and the hosts check the actual argument against it before the run. Scalar subscripts drop a dimension: v(:, k) = w(:)."})
	codeTemporaryRank = diag.Define(diag.CodeInfo{Code: "temporary-rank", Severity: diag.Error, Stage: "sema", Topic: "Shapes",
		Summary: "temporary \"…\" has rank N but the kernel's arrays have rank N",
		Help:    "A temporary holds a region of the grid, so it has the grid's rank."})
	codeTemporaryShapeUnknown = diag.Define(diag.CodeInfo{Code: "temporary-shape-unknown", Severity: diag.Error, Stage: "sema", Topic: "Shapes",
		Summary: "cannot tell the shape of temporary \"…\": the right-hand side has no array operand",
		Help:    "A temporary takes its shape from its first assignment, which needs an array on the right."})
	codeTemporaryShapeChanges = diag.Define(diag.CodeInfo{Code: "temporary-shape-changes", Severity: diag.Error, Stage: "sema", Topic: "Shapes",
		Summary: "temporary \"…\" is … from its first assignment, but … is …",
		Help:    "A temporary keeps the shape of its first assignment; a value of another shape needs another temporary."})
	codeTemporaryUnassigned = diag.Define(diag.CodeInfo{Code: "temporary-unassigned", Severity: diag.Error, Stage: "sema", Topic: "Shapes",
		Summary: "temporary \"…\" is read before it is assigned",
		Help:    "A temporary has no shape or values until its first assignment."})
	codeArrayToScalar = diag.Define(diag.CodeInfo{Code: "array-to-scalar", Severity: diag.Error, Stage: "sema", Topic: "Shapes",
		Summary: "cannot assign an array to scalar \"…\"",
		Help:    "A scalar holds one value; reductions such as sum are not element-wise."})
	codeIfConditionArray = diag.Define(diag.CodeInfo{Code: "if-condition-array", Severity: diag.Error, Stage: "sema", Topic: "Shapes",
		Summary: "if condition is an array",
		Help:    "An if chooses between statements for the whole kernel; an element-wise choice is written with where or merge."})
	codeWhereMaskScalar = diag.Define(diag.CodeInfo{Code: "where-mask-scalar", Severity: diag.Error, Stage: "sema", Topic: "Shapes",
		Summary: "where mask is a scalar; it must be a logical array",
		Help:    "A where mask selects elements; for a scalar condition use if."})
	codeWhereNonArrayAssignment = diag.Define(diag.CodeInfo{Code: "where-non-array-assignment", Severity: diag.Error, Stage: "sema", Topic: "Shapes",
		Summary: "only array assignments may appear in a where block",
		Help:    "A where block assigns the masked elements of arrays; other statements have no element-wise meaning there."})
	codeKernelImpure = diag.Define(diag.CodeInfo{Code: "kernel-impure", Severity: diag.Error, Stage: "sema", Topic: "Purity",
		Summary: "kernel \"…\" is impure",
		Help:    "A kernel runs as many independent work-items; side effects would happen once per work-item in no fixed order."})
	codeFunctionNotPure = diag.Define(diag.CodeInfo{Code: "function-not-pure", Severity: diag.Error, Stage: "sema", Topic: "Purity",
		Summary: "function \"…\" is not pure; … may call only pure or elemental functions and intrinsics",
		Help:    "A kernel calls its functions on many work-items at once, which is only safe for functions without side effects."})
	codeModuleVariable = diag.Define(diag.CodeInfo{Code: "module-variable", Severity: diag.Error, Stage: "sema", Topic: "Purity",
		Summary: "a kernel or function uses a module variable",
		Help:    "Module variables live on the host; the kernel cannot see them (make it a parameter or pass it as an argument). Writing module state from many work-items at once is a race and cannot reach the host anyway."})
	codeFunctionNotScalar = diag.Define(diag.CodeInfo{Code: "function-not-scalar", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "the result and dummies of an elemental function must be scalar",
		Help:    "An elemental function computes one element; arrays come from applying it to arrays. An elemental function receives one element of each argument."})
	codeFunctionDummyIntent = diag.Define(diag.CodeInfo{Code: "function-dummy-intent", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "dummy \"…\" of function \"…\" must be intent(in)",
		Help:    "A function returns its result; writing to arguments would be a side effect."})
	codeElementalDummyNotScalar = diag.Define(diag.CodeInfo{Code: "elemental-dummy-not-scalar", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "dummy \"…\" of elemental subroutine \"…\" must be scalar",
		Help:    "An elemental subroutine runs once per element, on one element of each argument."})
	codeElementalDummyNoIntent = diag.Define(diag.CodeInfo{Code: "elemental-dummy-no-intent", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "dummy \"…\" of elemental subroutine \"…\" has no intent",
		Help:    "forocl must know which arguments are inputs and which are outputs."})
	codeFunctionNotElemental = diag.Define(diag.CodeInfo{Code: "function-not-elemental", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "function \"…\" is not elemental; it cannot be applied to arrays",
		Help:    "Only elemental functions apply element by element to array arguments."})
	codeRecursion = diag.Define(diag.CodeInfo{Code: "recursion", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "function \"…\" is recursive; forocl cannot translate recursion",
		Help:    "OpenCL C forbids recursion."})
	codeFunctionWithoutArguments = diag.Define(diag.CodeInfo{Code: "function-without-arguments", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "function \"…\" is used without an argument list",
		Help:    "A function name alone is not a value; call it with its arguments."})
	codeFunctionArguments = diag.Define(diag.CodeInfo{Code: "function-arguments", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "the arguments of a call do not match the function",
		Help:    "A call must pass every argument of the function, and no more. A keyword argument must name one of the function's dummies. Every argument of the function must be passed (forocl does not support optional arguments)."})
	codeSubroutineAsFunction = diag.Define(diag.CodeInfo{Code: "subroutine-as-function", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "subroutine \"…\" cannot be used as a function",
		Help:    "A subroutine returns no value."})
	codeAssignToFunction = diag.Define(diag.CodeInfo{Code: "assign-to-function", Severity: diag.Error, Stage: "sema", Topic: "Elemental functions",
		Summary: "cannot assign to function \"…\"",
		Help:    "Outside its own body a function's name is the function, not a variable."})
	codeModuleNotFound = diag.Define(diag.CodeInfo{Code: "module-not-found", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "module \"…\" not found; its names are unknown to forocl",
		Help:    "forocl reads modules from the files given and the -I directories; names from a module it did not find will be reported as undefined."})
	codeIntegerDivision = diag.Define(diag.CodeInfo{Code: "integer-division", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "integer division truncates before the result is converted to …",
		Help:    "1/2 is 0 in Fortran even when the result is stored in a real; this is a classic source of wrong results."})
	codeRegionPtrAssignment = diag.Define(diag.CodeInfo{Code: "region-ptr-assignment", Severity: diag.Warning, Stage: "sema", Topic: "Warnings",
		Summary: "\"…\" = region_ptr(...) assigns through the pointer in standard Fortran; forocl treats it as pointer association",
		Help:    "The ForOpenCL paper writes \"p = region_ptr(...)\", which a Fortran compiler reads as an assignment through an unassociated pointer; forocl accepts it but asks for \"=>\"."})
)
