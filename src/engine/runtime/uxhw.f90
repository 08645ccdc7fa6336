! Fortran interface to the uxkit UxHw runtime (see CONTRACT.md). `use uxhw` gives bind(C)
! interfaces to the Double and Float functions of uxhw.h. The runtime flushes libgfortran's
! units before it forks the ensemble, so output written before the first UxHw call
! appears once. Multidimensional samples: pass a Fortran array samples(cardinality, count).
module uxhw
  use, intrinsic :: iso_c_binding, only: c_double, c_float, c_size_t, c_ptr, c_funptr
  implicit none
  private :: c_double, c_float, c_size_t, c_ptr, c_funptr

  type, bind(C) :: WeightedDoubleSample
    real(c_double) :: sample
    real(c_double) :: sampleWeight
  end type WeightedDoubleSample

  type, bind(C) :: WeightedFloatSample
    real(c_float) :: sample
    real(c_float) :: sampleWeight
  end type WeightedFloatSample

  interface
    function UxHwDoubleUniformDist(a, b) bind(C, name="UxHwDoubleUniformDist")
      import :: c_double
      real(c_double), value :: a, b
      real(c_double) :: UxHwDoubleUniformDist
    end function UxHwDoubleUniformDist
    function UxHwDoubleGaussDist(mu, sigma) bind(C, name="UxHwDoubleGaussDist")
      import :: c_double
      real(c_double), value :: mu, sigma
      real(c_double) :: UxHwDoubleGaussDist
    end function UxHwDoubleGaussDist
    function UxHwDoubleExponentialDist(mu) bind(C, name="UxHwDoubleExponentialDist")
      import :: c_double
      real(c_double), value :: mu
      real(c_double) :: UxHwDoubleExponentialDist
    end function UxHwDoubleExponentialDist
    function UxHwDoubleGumbel1Dist(mu, beta) bind(C, name="UxHwDoubleGumbel1Dist")
      import :: c_double
      real(c_double), value :: mu, beta
      real(c_double) :: UxHwDoubleGumbel1Dist
    end function UxHwDoubleGumbel1Dist
    function UxHwDoubleLogisticDist(location, scale) bind(C, name="UxHwDoubleLogisticDist")
      import :: c_double
      real(c_double), value :: location, scale
      real(c_double) :: UxHwDoubleLogisticDist
    end function UxHwDoubleLogisticDist
    function UxHwDoubleLaplaceDist(mu, b) bind(C, name="UxHwDoubleLaplaceDist")
      import :: c_double
      real(c_double), value :: mu, b
      real(c_double) :: UxHwDoubleLaplaceDist
    end function UxHwDoubleLaplaceDist
    function UxHwDoubleWeibullDist(k, lambda) bind(C, name="UxHwDoubleWeibullDist")
      import :: c_double
      real(c_double), value :: k, lambda
      real(c_double) :: UxHwDoubleWeibullDist
    end function UxHwDoubleWeibullDist
    function UxHwDoubleLognormalDist(mu, sigma) bind(C, name="UxHwDoubleLognormalDist")
      import :: c_double
      real(c_double), value :: mu, sigma
      real(c_double) :: UxHwDoubleLognormalDist
    end function UxHwDoubleLognormalDist
    function UxHwDoubleBoundedparetoDist(alpha, xMin, xMax) &
        bind(C, name="UxHwDoubleBoundedparetoDist")
      import :: c_double
      real(c_double), value :: alpha, xMin, xMax
      real(c_double) :: UxHwDoubleBoundedparetoDist
    end function UxHwDoubleBoundedparetoDist
    function UxHwDoubleMixture(a, b, aScale) bind(C, name="UxHwDoubleMixture")
      import :: c_double
      real(c_double), value :: a, b, aScale
      real(c_double) :: UxHwDoubleMixture
    end function UxHwDoubleMixture
    function UxHwDoubleSample(value) bind(C, name="UxHwDoubleSample")
      import :: c_double
      real(c_double), value :: value
      real(c_double) :: UxHwDoubleSample
    end function UxHwDoubleSample
    function UxHwDoubleSupportMin(value) bind(C, name="UxHwDoubleSupportMin")
      import :: c_double
      real(c_double), value :: value
      real(c_double) :: UxHwDoubleSupportMin
    end function UxHwDoubleSupportMin
    function UxHwDoubleSupportMax(value) bind(C, name="UxHwDoubleSupportMax")
      import :: c_double
      real(c_double), value :: value
      real(c_double) :: UxHwDoubleSupportMax
    end function UxHwDoubleSupportMax
    function UxHwDoubleProbabilityGT(value, cutoff) bind(C, name="UxHwDoubleProbabilityGT")
      import :: c_double
      real(c_double), value :: value, cutoff
      real(c_double) :: UxHwDoubleProbabilityGT
    end function UxHwDoubleProbabilityGT
    function UxHwDoubleQuantile(value, probability) bind(C, name="UxHwDoubleQuantile")
      import :: c_double
      real(c_double), value :: value, probability
      real(c_double) :: UxHwDoubleQuantile
    end function UxHwDoubleQuantile
    function UxHwDoubleGetIndependentCopy(value) bind(C, name="UxHwDoubleGetIndependentCopy")
      import :: c_double
      real(c_double), value :: value
      real(c_double) :: UxHwDoubleGetIndependentCopy
    end function UxHwDoubleGetIndependentCopy
    function UxHwDoubleLimitDistributionSupport(value, supportMin, supportMax) &
        bind(C, name="UxHwDoubleLimitDistributionSupport")
      import :: c_double
      real(c_double), value :: value, supportMin, supportMax
      real(c_double) :: UxHwDoubleLimitDistributionSupport
    end function UxHwDoubleLimitDistributionSupport
    function UxHwDoubleNthMoment(value, n) bind(C, name="UxHwDoubleNthMoment")
      import :: c_double, c_size_t
      real(c_double), value :: value
      integer(c_size_t), value :: n
      real(c_double) :: UxHwDoubleNthMoment
    end function UxHwDoubleNthMoment
    function UxHwDoubleNthMode(value, n) bind(C, name="UxHwDoubleNthMode")
      import :: c_double, c_size_t
      real(c_double), value :: value
      integer(c_size_t), value :: n
      real(c_double) :: UxHwDoubleNthMode
    end function UxHwDoubleNthMode
    function UxHwDoubleDistFromSamples(samples, sampleCount) &
        bind(C, name="UxHwDoubleDistFromSamples")
      import :: c_double, c_size_t
      real(c_double), intent(in) :: samples(*)
      integer(c_size_t), value :: sampleCount
      real(c_double) :: UxHwDoubleDistFromSamples
    end function UxHwDoubleDistFromSamples
    function UxHwDoubleDistFromWeightedSamples(samples, sampleCount) &
        bind(C, name="UxHwDoubleDistFromWeightedSamples")
      import :: c_double, c_size_t, WeightedDoubleSample
      type(WeightedDoubleSample), intent(in) :: samples(*)
      integer(c_size_t), value :: sampleCount
      real(c_double) :: UxHwDoubleDistFromWeightedSamples
    end function UxHwDoubleDistFromWeightedSamples
    subroutine UxHwDoubleDistFromMultidimensionalSamples(dest, samples, sampleCount, cardinality) &
        bind(C, name="UxHwDoubleDistFromMultidimensionalSamples")
      import :: c_double, c_size_t
      real(c_double), intent(out) :: dest(*)
      real(c_double), intent(in) :: samples(*)
      integer(c_size_t), value :: sampleCount, cardinality
    end subroutine UxHwDoubleDistFromMultidimensionalSamples
    subroutine UxHwDoubleSampleBatch(value, dest, count) bind(C, name="UxHwDoubleSampleBatch")
      import :: c_double, c_size_t
      real(c_double), value :: value
      real(c_double), intent(out) :: dest(*)
      integer(c_size_t), value :: count
    end subroutine UxHwDoubleSampleBatch
    function UxHwDoubleBayesLaplace(model, params, prior, observed, count) &
        bind(C, name="UxHwDoubleBayesLaplace")
      import :: c_double, c_size_t, c_ptr, c_funptr
      type(c_funptr), value :: model
      type(c_ptr), value :: params
      real(c_double), value :: prior, observed
      integer(c_size_t), value :: count
      real(c_double) :: UxHwDoubleBayesLaplace
    end function UxHwDoubleBayesLaplace
    function UxHwFloatUniformDist(a, b) bind(C, name="UxHwFloatUniformDist")
      import :: c_float
      real(c_float), value :: a, b
      real(c_float) :: UxHwFloatUniformDist
    end function UxHwFloatUniformDist
    function UxHwFloatGaussDist(mu, sigma) bind(C, name="UxHwFloatGaussDist")
      import :: c_float
      real(c_float), value :: mu, sigma
      real(c_float) :: UxHwFloatGaussDist
    end function UxHwFloatGaussDist
    function UxHwFloatExponentialDist(mu) bind(C, name="UxHwFloatExponentialDist")
      import :: c_float
      real(c_float), value :: mu
      real(c_float) :: UxHwFloatExponentialDist
    end function UxHwFloatExponentialDist
    function UxHwFloatGumbel1Dist(mu, beta) bind(C, name="UxHwFloatGumbel1Dist")
      import :: c_float
      real(c_float), value :: mu, beta
      real(c_float) :: UxHwFloatGumbel1Dist
    end function UxHwFloatGumbel1Dist
    function UxHwFloatLogisticDist(location, scale) bind(C, name="UxHwFloatLogisticDist")
      import :: c_float
      real(c_float), value :: location, scale
      real(c_float) :: UxHwFloatLogisticDist
    end function UxHwFloatLogisticDist
    function UxHwFloatLaplaceDist(mu, b) bind(C, name="UxHwFloatLaplaceDist")
      import :: c_float
      real(c_float), value :: mu, b
      real(c_float) :: UxHwFloatLaplaceDist
    end function UxHwFloatLaplaceDist
    function UxHwFloatWeibullDist(k, lambda) bind(C, name="UxHwFloatWeibullDist")
      import :: c_float
      real(c_float), value :: k, lambda
      real(c_float) :: UxHwFloatWeibullDist
    end function UxHwFloatWeibullDist
    function UxHwFloatLognormalDist(mu, sigma) bind(C, name="UxHwFloatLognormalDist")
      import :: c_float
      real(c_float), value :: mu, sigma
      real(c_float) :: UxHwFloatLognormalDist
    end function UxHwFloatLognormalDist
    function UxHwFloatBoundedparetoDist(alpha, xMin, xMax) &
        bind(C, name="UxHwFloatBoundedparetoDist")
      import :: c_float
      real(c_float), value :: alpha, xMin, xMax
      real(c_float) :: UxHwFloatBoundedparetoDist
    end function UxHwFloatBoundedparetoDist
    function UxHwFloatMixture(a, b, aScale) bind(C, name="UxHwFloatMixture")
      import :: c_float
      real(c_float), value :: a, b, aScale
      real(c_float) :: UxHwFloatMixture
    end function UxHwFloatMixture
    function UxHwFloatSample(value) bind(C, name="UxHwFloatSample")
      import :: c_float
      real(c_float), value :: value
      real(c_float) :: UxHwFloatSample
    end function UxHwFloatSample
    function UxHwFloatSupportMin(value) bind(C, name="UxHwFloatSupportMin")
      import :: c_float
      real(c_float), value :: value
      real(c_float) :: UxHwFloatSupportMin
    end function UxHwFloatSupportMin
    function UxHwFloatSupportMax(value) bind(C, name="UxHwFloatSupportMax")
      import :: c_float
      real(c_float), value :: value
      real(c_float) :: UxHwFloatSupportMax
    end function UxHwFloatSupportMax
    function UxHwFloatProbabilityGT(value, cutoff) bind(C, name="UxHwFloatProbabilityGT")
      import :: c_float
      real(c_float), value :: value, cutoff
      real(c_float) :: UxHwFloatProbabilityGT
    end function UxHwFloatProbabilityGT
    function UxHwFloatQuantile(value, probability) bind(C, name="UxHwFloatQuantile")
      import :: c_float
      real(c_float), value :: value, probability
      real(c_float) :: UxHwFloatQuantile
    end function UxHwFloatQuantile
    function UxHwFloatGetIndependentCopy(value) bind(C, name="UxHwFloatGetIndependentCopy")
      import :: c_float
      real(c_float), value :: value
      real(c_float) :: UxHwFloatGetIndependentCopy
    end function UxHwFloatGetIndependentCopy
    function UxHwFloatLimitDistributionSupport(value, supportMin, supportMax) &
        bind(C, name="UxHwFloatLimitDistributionSupport")
      import :: c_float
      real(c_float), value :: value, supportMin, supportMax
      real(c_float) :: UxHwFloatLimitDistributionSupport
    end function UxHwFloatLimitDistributionSupport
    function UxHwFloatNthMoment(value, n) bind(C, name="UxHwFloatNthMoment")
      import :: c_float, c_size_t
      real(c_float), value :: value
      integer(c_size_t), value :: n
      real(c_float) :: UxHwFloatNthMoment
    end function UxHwFloatNthMoment
    function UxHwFloatNthMode(value, n) bind(C, name="UxHwFloatNthMode")
      import :: c_float, c_size_t
      real(c_float), value :: value
      integer(c_size_t), value :: n
      real(c_float) :: UxHwFloatNthMode
    end function UxHwFloatNthMode
    function UxHwFloatDistFromSamples(samples, sampleCount) bind(C, name="UxHwFloatDistFromSamples")
      import :: c_float, c_size_t
      real(c_float), intent(in) :: samples(*)
      integer(c_size_t), value :: sampleCount
      real(c_float) :: UxHwFloatDistFromSamples
    end function UxHwFloatDistFromSamples
    function UxHwFloatDistFromWeightedSamples(samples, sampleCount) &
        bind(C, name="UxHwFloatDistFromWeightedSamples")
      import :: c_float, c_size_t, WeightedFloatSample
      type(WeightedFloatSample), intent(in) :: samples(*)
      integer(c_size_t), value :: sampleCount
      real(c_float) :: UxHwFloatDistFromWeightedSamples
    end function UxHwFloatDistFromWeightedSamples
    subroutine UxHwFloatDistFromMultidimensionalSamples(dest, samples, sampleCount, cardinality) &
        bind(C, name="UxHwFloatDistFromMultidimensionalSamples")
      import :: c_float, c_size_t
      real(c_float), intent(out) :: dest(*)
      real(c_float), intent(in) :: samples(*)
      integer(c_size_t), value :: sampleCount, cardinality
    end subroutine UxHwFloatDistFromMultidimensionalSamples
    subroutine UxHwFloatSampleBatch(value, dest, count) bind(C, name="UxHwFloatSampleBatch")
      import :: c_float, c_size_t
      real(c_float), value :: value
      real(c_float), intent(out) :: dest(*)
      integer(c_size_t), value :: count
    end subroutine UxHwFloatSampleBatch
    function UxHwFloatBayesLaplace(model, params, prior, observed, count) &
        bind(C, name="UxHwFloatBayesLaplace")
      import :: c_float, c_size_t, c_ptr, c_funptr
      type(c_funptr), value :: model
      type(c_ptr), value :: params
      real(c_float), value :: prior, observed
      integer(c_size_t), value :: count
      real(c_float) :: UxHwFloatBayesLaplace
    end function UxHwFloatBayesLaplace
  end interface
end module uxhw
