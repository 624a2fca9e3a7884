module m
!$OFP PURE, KERNEL :: k
!^ WARNING [directive-misplaced] "!$OFP directive is neither inside nor just"
  implicit none
contains
  subroutine k(a, b)
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = a
  end subroutine k
end module m
