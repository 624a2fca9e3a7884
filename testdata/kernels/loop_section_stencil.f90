! A Jacobi sweep in array-section style: the interior from shifted
! sections of the old field, the boundary copied, and one corner pinned
! to a value. Each statement is one launch.
!$OFP PURE, KERNEL :: jacobi_sections
subroutine jacobi_sections(n, m, w, told, tnew)
  implicit none
  integer, intent(in) :: n, m
  real, intent(in) :: w
  real, intent(in) :: told(n, m)
  real, intent(out) :: tnew(n, m)
  tnew(2:n-1, 2:m-1) = (1.0 - w)*told(2:n-1, 2:m-1) + 0.25*w* &
    (told(1:n-2, 2:m-1) + told(3:n, 2:m-1) + told(2:n-1, 1:m-2) + told(2:n-1, 3:m))
  tnew(1, :) = told(1, :)
  tnew(n, :) = told(n, :)
  tnew(2:n-1, 1) = told(2:n-1, 1)
  tnew(2:n-1, m) = max(told(2:n-1, m), 0.0)
  tnew(1, 1) = 0.5*(told(1, 2) + told(2, 1))
end subroutine jacobi_sections
