impure subroutine k(a, b)  ! ERROR [kernel-impure] "kernel \"k\" is impure"
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
