! A private scratch array per cell: each iteration copies the five cells
! of its cross into a local array, sorts them with an insertion sort and
! writes the median and the range (a median filter), under OpenACC.
!$OFP PURE, KERNEL :: median5
subroutine median5(nx, ny, img, med, rng)
  implicit none
  integer, intent(in) :: nx, ny
  real, intent(in) :: img(0:nx+1, 0:ny+1)
  real, intent(out) :: med(nx, ny), rng(nx, ny)
  real :: v(5)
  real :: key
  integer :: i, j, p, q, step
  !$acc parallel loop collapse(2) private(v, key, p, q)
  do j = 1, ny
    do i = 1, nx
      v = 0.0
      v(1) = img(i, j)
      v(2) = img(i-1, j)
      v(3) = img(i+1, j)
      v(4) = img(i, j-1)
      v(5) = img(i, j+1)
      do p = 2, 5
        key = v(p)
        q = p - 1
        do step = 1, 4
          if (q >= 1) then
            if (v(q) > key) then
              v(q+1) = v(q)
              q = q - 1
            end if
          end if
        end do
        v(q+1) = key
      end do
      med(i, j) = v(3)
      rng(i, j) = v(5) - v(1)
    end do
  end do
end subroutine median5
