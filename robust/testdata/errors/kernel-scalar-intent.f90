subroutine k(a, b, total)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, intent(inout) :: total  ! ERROR [kernel-scalar-intent] "scalar \"total\" is intent(inout)"
  b = a
end subroutine k
