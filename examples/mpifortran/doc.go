// Package mpifortran holds fortran/jacobi_mpi.f90, forocl kernels called from a
// user's own MPI Fortran program on its own decomposition, and the test
// that builds it with mpif90 and compares it with one device.
package mpifortran
