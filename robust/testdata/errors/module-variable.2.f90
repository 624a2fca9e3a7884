module m
  implicit none
  integer :: ncalls
contains
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    ncalls = 1  ! ERROR [module-variable] "a kernel cannot write module variable \"ncalls\""
    b = a
  end subroutine k
end module m
