package sema

import "github.com/forocl/forocl/diag"

// Codes of the loop-kernel rules (sema/loops.go).
var (
	codeLoopConstruct = diag.Define(diag.CodeInfo{Code: "loop-construct", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a statement of a loop kernel that forocl does not translate",
		Help:    "A loop kernel's body holds parallel loop nests (DO CONCURRENT, or DO nests under !$omp parallel do / !$acc parallel loop), scalar assignments to locals and array assignments (whole arrays, sections, single elements) between them, and sequential counted DO loops around them, whose launches the host repeats (see host-loop-bound); inside a nest, assignments, if blocks and sequential counted DO loops. Move other statements to the host, or write them inside a nest."})
	codeLoopDirective = diag.Define(diag.CodeInfo{Code: "loop-directive", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "an !$omp or !$acc directive or clause that forocl does not translate",
		Help:    "forocl understands loop directives (!$omp parallel do, !$omp do, !$acc parallel loop, !$acc loop), the parallel, kernels and data regions around them, and the clauses private, firstprivate and collapse; data clauses and schedules are ignored. Reductions are the reduction clause (see loop-reduction); lastprivate and synchronisation (critical, atomic, barrier) have no translation yet."})
	codeLoopBound = diag.Define(diag.CodeInfo{Code: "loop-bound", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "an array bound or parallel loop bound that is not affine in the kernel's integer scalar dummies",
		Help:    "Bounds of arrays and of parallel loops must be integer constants plus integer multiples of integer scalar dummies, such as x_min-2 or x_max+3, so that hosts can size buffers and launches. Parallel loops have step 1."})
	codeLoopSubscript = diag.Define(diag.CodeInfo{Code: "loop-subscript", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "an array reference inside a loop kernel that forocl does not translate",
		Help:    "Inside a nest, subscript every dimension of an array with one scalar integer expression. Subscripts affine in the loop indices (j+1, 2*j-1, x_min-j) are analysed for in-place updates; others, such as reads through index arrays a(idx(i)), are accepted as gathers (a write through one makes the nest serial, see loop-serial, except in DO CONCURRENT). Sections and whole arrays appear in array assignments (see shape-mismatch), where section bounds at the top level are launch bounds, affine in the integer scalar dummies; inside a nest a scalar may also be assigned to the whole of a local array (tmp = 0)."})
	codeLoopReduction = diag.Define(diag.CodeInfo{Code: "loop-reduction", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "a reduction clause, a use of the scalar it names, or a reduction of an array in a loop kernel, that forocl does not translate",
		Help:    "reduction(op:s) on !$omp and !$acc loops, with op one of +, *, max, min, .and., .or., names a scalar local or an intent(out) scalar dummy. Inside the loop s may only be updated as s = s + expr, s = s * expr, s = max(s, expr), s = min(s, expr), s = s .and. expr or s = s .or. expr, for the clause's op; after the loop s is its value before the loop folded with every iteration's contributions. An intent(out) scalar is a result of the kernel: assign it between the loops, or reduce into it. A reduction of an array expression in an assignment (s = sum(h(2:n-1, :)), maxval, minval, product, any, all, count, without dim= or mask=) is a reducing launch of its own between the loops, and a sequential loop of each iteration inside a loop; elsewhere (an IF condition, a loop bound) compute it into a scalar first. dot_product(a, b) reduces a*b the same way; maxloc, minloc and norm2 are not translated in a loop kernel: write them as a loop. As in every kernel, dim= is reduction-dim and arguments a reduction does not take (mask= in a loop kernel) are reduction-argument."})
)

// Codes of array assignments in loop kernels (sema/sections.go).
var (
	codeLoopSectionOverlap = diag.Define(diag.CodeInfo{Code: "loop-section-overlap", Severity: diag.Error, Stage: "sema", Topic: "Loop kernels",
		Summary: "an array assignment reads its own left-hand side at other elements than those it writes",
		Help:    "Fortran evaluates the whole right-hand side of an array assignment before it assigns any element, so a(2:n) = a(1:n-1) shifts the old values. forocl computes the elements in parallel at the top level of a kernel, and one after another in place inside a parallel loop, so a read of the written array is accepted only at the element being written or where it is provably disjoint from the section written, such as h(1, :) = h(2, :). Otherwise assign the result to a second array (double buffering), or write the update as a DO loop whose order you choose."})
)
