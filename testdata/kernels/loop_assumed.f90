! Assumed-shape dummies without "contiguous" (hosts pass contiguous data),
! integer arrays and strided subscripts.
module loop_assumed_mod
  implicit none
contains
  !$OFP PURE, KERNEL :: gather_pairs
  subroutine gather_pairs(n, a, b)
    integer, intent(in) :: n
    integer, dimension(:), intent(in) :: a
    integer, dimension(:) :: b
    integer :: i
    !$omp parallel do
    do i = 1, n
      b(i) = a(2*i - 1) + 3*a(2*i)
    end do
  end subroutine gather_pairs
end module loop_assumed_mod
