package sema

// Note [64-bit integers in loop kernels]
//
// integer(8) (int64, c_int64_t, selected_int_kind(18)) is ir.Long, OpenCL
// long. A loop kernel takes it wherever it takes a default integer: as a
// size (a scalar dummy that bounds are affine in: abi.Size.Kind says the
// host passes it as a 64-bit value), as a parallel or sequential loop
// index, and in subscripts and bounds. Expressions keep Fortran's kind
// rules (sema/expr.go): an operation with a 64-bit operand is computed in
// 64 bits, the other operand converted first, so a subscript i + n*(j-1)
// with n of kind 8 is a long in the OpenCL C as in gfortran. Codegen
// declares a long index as long (so that products of indices are 64-bit,
// as in Fortran), however its launch counts positions in FOROCL_INDEX_T.
//
// The affine and polynomial forms of the analyses are exact integers, so
// the widening of a default integer to kind 8 (an exact conversion) is
// transparent to them (ir.Widened); a narrowing conversion is not, and makes
// the subscript computed (Note [small arrays]).
//
// A run whose positions or offsets do not fit 32 bits is never narrowed:
// abi.Kernel.IndexType builds the long variant of FOROCL_INDEX_T, or
// refuses the run naming the size and its value (Note [index types] in
// package abi); a 64-bit size itself may exceed 32 bits, since it reaches
// the kernel as a long.
