! Suffix sums: a sequential inner loop with a negative step whose bounds
! depend on the parallel index, inside DO CONCURRENT.
!$OFP PURE, KERNEL :: suffix_sums
subroutine suffix_sums(n, stride, a, b)
  implicit none
  integer, intent(in) :: n, stride
  real(8), intent(in) :: a(n)
  real(8), intent(out) :: b(n)
  integer :: i, m
  real(8) :: s
  do concurrent (i = 1:n)
    s = 0
    do m = n, i, -stride
      s = s + a(m)
    end do
    b(i) = s + m
  end do
end subroutine suffix_sums
