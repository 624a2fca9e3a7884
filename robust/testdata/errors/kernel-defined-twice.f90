module m1
contains
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = a
  end subroutine k
end module m1
module m2
contains
  subroutine k(a, b)  ! ERROR [kernel-defined-twice] "kernel \"k\" is defined twice"
  !$OFP PURE, KERNEL :: k
    real, dimension(:), contiguous, intent(in)  :: a
    real, dimension(:), contiguous, intent(out) :: b
    b = 2.0*a
  end subroutine k
end module m2
