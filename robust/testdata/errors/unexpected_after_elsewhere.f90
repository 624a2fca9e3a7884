subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where (a > 0.0)
    b = a
  elsewhere (a < 0.0) b = -a
  end where
end subroutine k
