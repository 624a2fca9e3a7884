module m
  implicit none
contains
  subroutine k(s, a, b)
  !$OFP PURE, KERNEL :: k
    intent(in) :: s  ! ERROR [no-implicit-type] "\"s\" has no type (implicit none is in effect)"
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = s*a
  end subroutine k
end module m
