package main

// The OpenCL kernels and their Go harnesses are generated from the Fortran
// in fortran/ by forocl, once per halo strategy. TestGeneratedUpToDate
// fails when the checked-in files differ from what forocl generates now.
// The diagnostics kernels (summary.f90, summary_dp.f90: mass and CFL speed)
// and the reflective walls (boundary.f90, boundary_dp.f90, loop kernels)
// are generated once, into wavedirect, whatever strategy runs the step.
//go:generate go run ../../cmd/forocl build -I ../../fortran fortran/wave.f90 fortran/wave_dp.f90 -o wavelocal --go-package wavelocal --strategy local
//go:generate go run ../../cmd/forocl build -I ../../fortran fortran/wave.f90 fortran/wave_dp.f90 fortran/summary.f90 fortran/summary_dp.f90 fortran/boundary.f90 fortran/boundary_dp.f90 -o wavedirect --go-package wavedirect --strategy direct
//go:generate go run ../../cmd/forocl build -I ../../fortran fortran/wave.f90 fortran/wave_dp.f90 -o wavecoarse --go-package wavecoarse --strategy direct --coarsen 2x4 --tile 64x2
