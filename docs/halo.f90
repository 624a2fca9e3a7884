! The field of docs/halo.png: a smooth interior inside a sentinel halo of
! -9, which the picture's colours leave out (forocl run --png):
!   forocl run docs/halo.f90 --kernel fill --set nx=64 --set ny=40 --png t=docs/halo.png
subroutine fill(nx, ny, t)
  integer :: nx, ny
  real :: t(0:nx+1, 0:ny+1)
  integer :: ix, iy
  do concurrent (iy = 0:ny+1, ix = 0:nx+1)
    t(ix, iy) = -9
  end do
  do concurrent (iy = 1:ny, ix = 1:nx)
    t(ix, iy) = sin(0.1*ix) * cos(0.08*iy) + 0.01*ix
  end do
end subroutine
