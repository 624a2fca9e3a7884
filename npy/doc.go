// Package npy reads and writes NumPy .npy files holding float32, float64
// or int32 arrays.
//
// It takes .npy files (format versions 1.0, 2.0 and 3.0, either byte order,
// C or Fortran element order, any rank) and gives an Array whose data is in
// Fortran (column-major) order, the layout forocl's generated kernels and
// its serial Fortran oracle use: Fortran element A(i,j,...) is NumPy element
// a[i-1,j-1,...], and the data slice holds A(1,1), A(2,1), ... The forocl
// runtime, its test harness and the CLI call it to exchange arrays with
// NumPy. Write always produces version 1.0 (2.0 for huge headers),
// little-endian, fortran_order True files, atomically.
//
// Reading never panics and never allocates more than the input can hold:
// the shape in the header is checked against the bytes that remain before
// any data buffer is allocated. Errors name the file and match one of
// ErrNotNpy, ErrTruncated, ErrUnsupportedDType or ErrMalformed (errors.Is).
package npy
