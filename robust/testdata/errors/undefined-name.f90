module m
  implicit none
contains
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = a*w  ! ERROR [undefined-name] "undefined name \"w\""
  end subroutine k
end module m
